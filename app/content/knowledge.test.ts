import { describe, expect, inject, it } from "vitest";
import { site } from "~/config/site";
import { compactQuestions } from "#common/compact.mjs";
import { createKnowledgeIndex, OFF_TOPIC, TERM_CACHE_SIZE } from "#common/search.mjs";
import { faq } from "./faq";
import { factSheet, firstSentences } from "./knowledge";
import { landingServices } from "./services";
import { aboutStats } from "./stats";
import { phrasings } from "./phrasings";
import { exampleQuestions, questionSets, regressionSet } from "../../evals/emma/manifest";

// Built once: each build asks its index about every example (about 2 s, far more on a busy machine).
const built = inject("knowledgeArtifact");
const index = createKnowledgeIndex(built);

const { questions, offTopic } = regressionSet;

describe("knowledge retrieval (the question set)", () => {
  it("finds the right page for the site's questions, and nothing for off-topic ones", () => {
    let hit1 = 0;
    let hit3 = 0;
    const misses: string[] = [];
    for (const [question, ...pages] of questions) {
      const hits = index.search(question, { limit: 3 });
      if (hits[0] && pages.includes(hits[0].passage.href)) hit1++;
      else misses.push(`${question} → ${hits[0]?.passage.id ?? "nothing"}`);
      if (hits.some((h) => pages.includes(h.passage.href))) hit3++;
    }
    const falseHits = offTopic.filter((q) => index.search(q).length > 0);
    console.log(
      `knowledge: ${questions.length} questions, hit@1 ${((100 * hit1) / questions.length).toFixed(1)} %, ` +
        `hit@3 ${((100 * hit3) / questions.length).toFixed(1)} %; ` +
        `${offTopic.length} off-topic, ${falseHits.length} got a passage`,
    );
    if (misses.length) console.log(`misses at 1:\n  ${misses.join("\n  ")}`);
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(hit1 / questions.length).toBeGreaterThanOrEqual(0.85);
    expect(hit3 / questions.length).toBeGreaterThanOrEqual(0.95);
    expect(falseHits).toEqual([]);
  });

  it("handles inflections, compounds and hyphens", () => {
    const best = (q: string) => index.search(q, { all: true })[0]?.passage.href;
    expect(best("röstagenterna")).toBe("/#services");
    expect(best("AI automation")).toBe(best("AI-automation"));
    expect(best("integritetspolicyn")).toBe("/privacy-policy");
  });
});

describe("the knowledge artifact", () => {
  const artifact = built;
  it("has the FAQ (25+ questions), the pages and the canned replies, each with a link", () => {
    expect(faq.length).toBeGreaterThanOrEqual(25);
    const ids = artifact.passages.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const prefix of ["faq-", "service-", "privacy-", "terms-", "cookies-", "om-oss-", "canned-", "contact"]) {
      expect(
        ids.some((id) => id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const p of artifact.passages) {
      expect(p.href).toMatch(/^\/[a-z-]*(#[a-z]+)?$/);
      expect(p.answer.length, p.id).toBeGreaterThan(20);
      expect(p.answer.match(/[.!?](\s|$)/g)?.length ?? 0, p.id).toBeLessThanOrEqual(4);
    }
    expect(artifact.persona).toContain("Emma");
  });
  it("cuts answers to their first sentences", () => {
    expect(firstSentences("Ett. Två! Tre? Fyra.", 3)).toBe("Ett. Två! Tre?");
    expect(firstSentences("Pris 0,3 s. Sedan 2019.", 1)).toBe("Pris 0,3 s.");
    // A full stop inside a word ends no sentence.
    expect(firstSentences("Klaga hos IMY, www.imy.se. Sedan 2019.", 1)).toBe("Klaga hos IMY, www.imy.se.");
    const rights = built.passages.find((p) => p.id === "privacy-6");
    expect(rights?.answer).toBe(
      "Dina rättigheter: Att få veta vilka uppgifter vi har om dig och få en kopia av dem. Att få felaktiga uppgifter rättade och att få uppgifter raderade. Du kan också lämna klagomål till Integritetsskyddsmyndigheten (IMY), www.imy.se.",
    );
  });
});

describe("Emma's fact sheet, built from the typed content", () => {
  it("names the company, where and how to reach it, its services, figures and the free meeting", () => {
    const facts = factSheet();
    for (const s of [site.name, site.city, site.email, site.phone, String(site.foundedYear)])
      expect(facts).toContain(s);
    for (const s of landingServices) expect(facts).toContain(s.title);
    for (const s of aboutStats) expect(facts).toContain(`${s.value} ${s.label}`);
    expect(facts).toContain("15 min, kostnadsfritt möte");
    expect(facts).toContain("(/kom-igang)");
    expect(built.facts).toBe(facts);
  });
});

describe("confidence tiers", () => {
  it("sure: a passage; unsure: up to three questions to suggest; none: nothing", () => {
    const sure = index.answer("Var ligger ert kontor?");
    expect(sure.tier === "sure" && sure.hits[0]?.passage.href).toBe("/#contact");
    // One word many passages have: the questions of the best three, one each (decision 029).
    const unsure = index.answer("nummer");
    expect(unsure.tier).toBe("unsure");
    if (unsure.tier === "unsure") {
      expect(unsure.suggestions.length).toBe(3);
      expect(unsure.suggestions.map((p) => p.href)).toContain("/#contact");
    }
    for (const q of offTopic) expect(index.answer(q).tier, q).not.toBe("sure");
    expect(index.answer("Vad är huvudstaden i Frankrike?").tier).toBe("none");
  });
  it("every passage's question, asked as a suggestion, gets that passage", () => {
    const artifact = built;
    const questions = artifact.passages.map((p) => p.question);
    expect(new Set(questions).size).toBe(questions.length);
    for (const p of artifact.passages) {
      const a = index.answer(p.question);
      expect(a.tier === "sure" && a.hits[0]?.passage.id, p.question).toBe(p.id);
    }
  });
  it("understands English and synonyms from the content's list", () => {
    expect(index.answer("where are you located").tier).toBe("sure");
    expect(index.search("do you use tracking cookies")[0]?.passage.href).toBe("/cookie-policy");
    expect(index.search("sparar ni kakor?")[0]?.passage.href).toBe("/cookie-policy");
  });

  it("gives a long question most like one the site cannot answer nothing, not suggestions (decision 030)", () => {
    // Eight topic words: unsure from 0.15, and so is the off-topic guard (at 0.45 both got suggestions).
    for (const q of [
      "vilket är bäst just nu, googles eller microsofts ai-modell för vår butik på landet, tack på förhand för svar",
      "har ni nåt rabatterat pris för ideella organisationer och vi har ett litet kontor med tre anställda som undrar",
    ])
      expect(index.answer(q).tier, q).toBe("none");
  });
  it("answers the ways the blind question sets asked alike (decision 027)", () => {
    const sureId = (q: string) => {
      const a = index.answer(q);
      return a.tier === "sure" ? a.hits[0]?.passage.id : a.tier;
    };
    // "city" is a phrasing's word, not a synonym of "besöka", which finds the policy's "besökar-id".
    expect(sureId("which city are you in?")).toBe("contact");
    expect(sureId("what city are you based in?")).toBe("contact");
    expect(sureId("var sitter ni nånstans")).toBe("contact");
    expect(sureId("hur länge har ni hållit på med det här?")).toBe("faq-27");
    // "hur kommer jag igång?" asks how, "hur snart kan vi komma igång?" how long: an example is
    // stems without stop words, so "när" could not tell them apart.
    expect(sureId("hur kommer jag igång?")).toBe("get-started");
    expect(sureId("hur snart kan vi komma igång?")).toBe("canned-implementation");
    // The company's name is a filler in a question, not in a phrasing asked as it stands.
    expect(sureId("om nordlys")).toBe("faq-28");
  });
});

describe("confidence in a visitor's own words (decision 025)", () => {
  it("weighs everyday words little and words the site never uses much", () => {
    expect(index.answer("Var ligger ert kontor?").tier).toBe("sure");
    // The same question carried by everyday words stays sure; an unknown noun makes it off-topic.
    const carried = index.answer("var har ni ert kontor egentligen");
    expect(carried.tier === "sure" && carried.hits[0]?.passage.id).toBe("contact");
    expect(index.answer("finns det parkering och laddstolpar vid ert kontor").tier).not.toBe("sure");
    expect(index.answer("vad kostar gipsskivor på bauhaus").tier).toBe("none");
    // A visitor's phone number is no topic, though its digits are in the site's own number.
    expect(index.answer("Kan ni baka kanelbullar? Ring 070-123 45 67").tier).toBe("none");
  });
  it("has phrasings that belong to their passage, not to the one after a reordering", () => {
    const artifact = built;
    const ids = new Set(artifact.passages.map((p) => p.id));
    // Without examples in the index, one of a passage's own still ranks it in the top five (2
    // passages miss today; with the FAQ's phrasings shifted by one entry, 29 do).
    const bare = createKnowledgeIndex({
      ...artifact,
      offTopic: "",
      passages: artifact.passages.map(({ examples: _, ...p }) => p),
    });
    const strays = Object.entries(phrasings).filter(([id, list]) => {
      expect(ids.has(id), id).toBe(true);
      return !list.some((q) => bare.rank(q, { limit: 5 }).some((p) => p.id === id));
    });
    expect(strays.map(([id]) => id).length).toBeLessThanOrEqual(4);
    // Every phrasing, asked as it stands, gets its own passage: two that are one without their stop
    // words cannot both be kept.
    const elsewhere = Object.entries(phrasings).flatMap(([id, list]) =>
      list.flatMap((q) => {
        const a = index.answer(q);
        const got = a.tier === "sure" ? a.hits[0]?.passage.id : a.tier;
        return got === id ? [] : [`${q} (${id}) → ${got}`];
      }),
    );
    expect(elsewhere).toEqual([]);
  });
  it("reads neither a yes nor a synonym's compound part as a topic (a QA pass's finds)", () => {
    const a = index.answer("ja tack, ring upp mig");
    expect(a.tier === "sure" && a.hits[0]?.passage.id).toBe("faq-29");
    // "gånger" is no meeting, though the meeting's synonym "genomgång" ends in "gång".
    expect(index.answer("vad är 17 gånger 23").tier).toBe("none");
    expect(index.asksAbout("hur mår du")).toBe(false);
    expect(index.asksAbout("var har ni ert kontor")).toBe(true);
  });
  it("lets a canned keyword group answer only a question about its topic", () => {
    const pick = (q: string, ...groups: string[]) =>
      index.pickCanned(
        q,
        groups.map((g) => `canned-${g}`),
      );
    expect(pick("Vad kostar det?", "pricing")).toBe("canned-pricing");
    expect(pick("Hur mycket kostar det per månad?", "pricing")).toBe("canned-pricing");
    // Only stop words and everyday words besides the keywords: the keywords decide.
    expect(pick("Hej, vad gör ni?", "capabilities", "greeting")).toBe("canned-capabilities");
    expect(pick("vad kan du göra", "capabilities")).toBe("canned-capabilities");
    // A sure passage with the keyword's word and more, or another topic, or off-topic: not canned.
    expect(pick("hur långt är det kostnadsfria mötet", "pricing")).toBeNull();
    expect(pick("ingår support efter att allt är levererat eller kostar det extra", "pricing", "support")).toBeNull();
    expect(pick("vad kostar gipsskivor på bauhaus", "pricing")).toBeNull();
    // Groups with no passage (greeting, weather) answer when nothing on the site matches.
    expect(pick("hej!", "greeting")).toBe("canned-greeting");
    expect(pick("hej, var ligger ert kontor?", "greeting")).toBeNull();
    // Asked as one of the off-topic examples, or only like them: still the weather group's.
    expect(pick("vad blir det för väder i stockholm imorgon", "weather")).toBe("canned-weather");
    expect(pick("vädret i stockholm imorgon", "weather")).toBe("canned-weather");
    expect(index.asksAbout("recept på kanelbullar?")).toBe(false);
  });
});

describe("examples from the tuning sets (decision 028)", () => {
  const artifact = built;
  const examples = new Set([
    ...artifact.passages.flatMap((p) => (p.examples ?? "").split("|")),
    ...(artifact.offTopic ?? "").split("|"),
  ]);
  it("keeps a question's topic words as stems, or the whole of one with none, and drops fillers", () => {
    expect(
      compactQuestions(["Vad kostar en röstagent, Nordlys?", "Vem är ni?", "vad kostar en röstagent"], ["nordlys"]),
    ).toBe("kost röstagent|vem är ni");
  });
  it("learns from the tuning sets and the phrasings only, never from a held-out set", () => {
    const tuning = new Set(
      [...exampleQuestions.map((v) => v.q), ...Object.values(phrasings).flat()].map((q) =>
        compactQuestions([q], artifact.fillers),
      ),
    );
    const heldOutSets = questionSets.filter((s) => s.role !== "examples");
    expect(heldOutSets.map((s) => s.name)).toHaveLength(4);
    const heldOut = heldOutSets.flatMap((s) => s.questions).map((v) => compactQuestions([v.q], artifact.fillers));
    expect(heldOut.filter((q) => examples.has(q) && !tuning.has(q))).toEqual([]);
    // A tuning question is an example unless the index answers it as judged without it (decision
    // 029): then it would only cost bytes. Suggesting the judged passage will do.
    const kept = exampleQuestions.filter((v) => examples.has(compactQuestions([v.q], artifact.fillers)));
    expect(kept.length).toBeGreaterThan(400);
    expect(kept.length).toBeLessThan(exampleQuestions.length);
    // Sets that judged one question apart (a passage and none) cannot both be met: the build follows
    // the vote. These are the ones today; a new one must be looked at.
    const judgedAs = new Map<string, Set<string>>();
    for (const v of exampleQuestions) {
      const key = compactQuestions([v.q], artifact.fillers);
      judgedAs.set(key, (judgedAs.get(key) ?? new Set()).add(v.answers?.length ? "answerable" : "none"));
    }
    expect(
      [...judgedAs]
        .filter(([, j]) => j.size > 1)
        .map(([key]) => key)
        .sort(),
    ).toEqual([
      "bindningstid avtalet",
      "gratis provperiod",
      "kost röstagent månad ungefär",
      "kost strategigenomgång",
      "lång bindningstid avtal",
      "spar fråg svar",
    ]);
    const unjudged = exampleQuestions
      .filter((v) => !kept.includes(v) && judgedAs.get(compactQuestions([v.q], artifact.fillers))?.size === 1)
      .filter((v) => {
        const a = index.answer(v.q);
        if (!v.answers?.length) return a.tier !== "none";
        const offered = a.tier === "sure" ? [a.hits[0]?.passage] : a.tier === "unsure" ? a.suggestions : [];
        return !offered.some((p) => p && v.answers?.includes(p.id));
      });
    expect(unjudged.map((v) => v.q)).toEqual([]);
  }, 60_000);
  it("answers a question asked as an example with its passage, and an off-topic one with nothing", () => {
    // "hur många anställda är ni" was judged unanswerable in the tuning sets: the site does not say.
    expect(index.answer("hur många anställda är ni").tier).toBe("none");
    expect(index.search("hur många anställda är ni")).toEqual([]);
    // Nor does it suggest anything for one only most like the off-topic examples.
    expect(index.answer("vad är numret till akuttandvården i stockholm").tier).toBe("none");
    // A labelled tuning question, in other case and punctuation, gets the passage it was judged to.
    const a = index.answer("TELEFON");
    expect(a.tier === "sure" && a.hits[0]?.passage.id).toBe("contact");
    const deleted = index.answer("radera allt ni har om mig");
    expect(deleted.tier === "sure" && deleted.hits[0]?.passage.id).toBe("privacy-6");
  });
  it("never offers the off-topic examples to the site's AI or as a suggestion", () => {
    for (const q of ["recept på kanelbullar?", "vad blir det för väder i stockholm imorgon"]) {
      expect(index.rank(q, { limit: 8 }).map((p) => p.id)).not.toContain(OFF_TOPIC);
      const a = index.answer(q);
      if (a.tier === "unsure") expect(a.suggestions.map((p) => p.id)).not.toContain(OFF_TOPIC);
    }
  });
});

describe("what Emma is", () => {
  it("says she is an AI, never a human, to a visitor who asks", () => {
    // Not the phrasings themselves: other wordings of them.
    for (const q of [
      "är det en människa som svarar här?",
      "pratar jag med en bot eller en människa?",
      "kan jag prata med en riktig människa istället?",
    ]) {
      const a = index.answer(q);
      expect(a.tier === "sure" && a.hits[0]?.passage.answer, q).toMatch(
        /^Jag är Emma, .* AI-assistent, ingen människa/,
      );
    }
  });
});

describe("history-aware retrieval", () => {
  it("reads a follow-up with the visitor's previous question", () => {
    expect(index.answer("och hur funkar den?").tier).toBe("none");
    const followUp = index.answer("och hur funkar den?", { history: ["Vad är en AI-röstagent?"] });
    expect(followUp.tier === "sure" && followUp.hits[0]?.passage.href).toBe("/#services");
    // A plain no turns down Emma's offer: the previous answer is not given again.
    expect(index.answer("nej", { history: ["Vad kostar det?"] }).tier).toBe("none");
    expect(index.answer("Nej tack!", { history: ["Vad är en AI-röstagent?"] }).tier).toBe("none");
    for (const no of ["tack så mycket", "nej, inte nu", "nej tack, inte nu", "Okej, tack!"])
      expect(index.declines(no), no).toBe(true);
    for (const q of ["nej men vad kostar en röstagent?", "tack, var finns ni?", "ja tack"])
      expect(index.declines(q), q).toBe(false);
    // A word the site lacks makes it a new subject: not read with the previous question.
    const history = ["Vilken lag gäller för era villkor?"];
    expect(index.answer("Vad är huvudstaden i Frankrike?", { history }).tier).toBe("none");
    // A word of its own the site has too: still a new subject, never the previous answer again.
    const after = index.answer("berätta om röstagenten", { history: ["var ligger ni"] });
    expect(after.tier === "sure" ? after.hits[0]?.passage.id : after.tier).not.toBe("contact");
    // The site's AI gets the previous question's passages beside the new one's.
    const alone = index.rank("och vad kostar det?", { limit: 8 }).map((p) => p.id);
    const withHistory = index.rank("och vad kostar det?", { history: ["Vad är en AI-röstagent?"], limit: 8 });
    expect(alone).not.toContain("service-ai-voice-agents");
    expect(withHistory.map((p) => p.id)).toContain("service-ai-voice-agents");
    expect(withHistory[0]?.id).toBe(alone[0]);
  });
});

describe("the search module's term cache", () => {
  it("stays bounded however many different words visitors type", () => {
    const fresh = createKnowledgeIndex(built);
    for (let i = 0; i < TERM_CACHE_SIZE + 500; i++) fresh.search(`ord${i.toString(36)}x`);
    expect(fresh.termCacheSize()).toBeLessThanOrEqual(TERM_CACHE_SIZE);
    expect(fresh.resultCacheSize()).toBe(TERM_CACHE_SIZE);
    expect(fresh.answer("Var ligger ert kontor?").tier).toBe("sure");
  });

  it("finds with a word's remembered results what a new index finds (decision 068)", () => {
    // Held-out questions share words with each other: the later ones meet them remembered.
    const asked = questionSets
      .filter((s) => s.role !== "examples")
      .flatMap((s) => s.questions.map((v) => v.q))
      .filter((_, i) => i % 40 === 0);
    const warm = createKnowledgeIndex(built);
    for (const q of asked) warm.rank(q, { limit: 8 });
    const found = (index: ReturnType<typeof createKnowledgeIndex>, q: string) => ({
      ranked: index.rank(q, { limit: 8 }).map((p) => p.id),
      scored: index.search(q, { all: true, limit: 20 }).map((h) => [h.passage.id, h.score, h.confidence]),
    });
    for (const q of asked) expect(found(warm, q), q).toEqual(found(createKnowledgeIndex(built), q));
    expect(warm.resultCacheSize()).toBeGreaterThan(0);
  });
});
