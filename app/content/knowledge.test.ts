import { describe, expect, it } from "vitest";
import { createKnowledgeIndex } from "~/lib/knowledge/search.mjs";
import { faq } from "./faq";
import { firstSentences, knowledgeArtifact } from "./knowledge";

/** Questions a visitor asks, with the page (or section) whose content answers each. */
const questions: [string, ...string[]][] = [
  ["Var ligger ert kontor?", "/#contact"],
  ["Vad har ni för telefonnummer?", "/#contact"],
  ["Vilken e-postadress kan jag mejla till?", "/#contact"],
  ["Hur många AI-projekt har ni gjort?", "/#about", "/om-oss"],
  ["När grundades företaget?", "/om-oss", "/#about"],
  ["Vilka cookies använder ni?", "/cookie-policy"],
  ["Vilken lag gäller för era villkor?", "/terms-of-service"],
  ["Hur långt är det kostnadsfria mötet?", "/kom-igang", "/automation-demo"],
  ["Vilka värderingar har ni?", "/om-oss"],
  ["Vad är ert uppdrag?", "/om-oss"],
  ["Hur länge sparar ni mina personuppgifter?", "/privacy-policy"],
  ["Vilka rättigheter har jag till mina uppgifter?", "/privacy-policy"],
  ["Kan jag klaga hos Integritetsskyddsmyndigheten?", "/privacy-policy"],
  ["Använder ni analytiska cookies?", "/cookie-policy"],
  ["Hur raderar jag cookies och lokal lagring?", "/cookie-policy"],
  ["Får jag skriva lösenord i chatten?", "/terms-of-service"],
  ["Vem betalar kostnaden om jag använder en egen API-nyckel?", "/terms-of-service"],
  ["Är Emmas svar bindande erbjudanden?", "/terms-of-service"],
  ["Vilken domstol avgör tvister?", "/terms-of-service"],
  ["Hur snabbt svarar röstagenten?", "/#services"],
  ["Kan röstagenten boka möten i kalendern?", "/#services"],
  ["Vad gör en AI-röstagent?", "/#services"],
  ["Vad ingår i er strategikonsultation?", "/#services"],
  ["Vad kan AI-automation göra?", "/automation-demo", "/#services"],
  ["Hur mycket tid sparar automation på administration?", "/automation-demo", "/#services"],
  ["Hur stor andel av kunderna köper av den som svarar först?", "/automation-demo"],
  ["Vad är AI Demo Center?", "/demo"],
  ["Hur pratar jag med Emma i ett röstsamtal?", "/demo"],
  ["Vilka branscher jobbar ni med?", "/#services"],
  ["Kan ni integrera med vårt CRM-system?", "/#services"],
  ["Var lagras vår data?", "/privacy-policy"],
  ["Behöver vi teknisk kompetens själva?", "/kom-igang"],
  ["Kan chattbotten lämna över till en människa?", "/#services"],
  ["Vem äger konversationerna?", "/privacy-policy"],
  ["Finns det någon bindningstid?", "/#contact"],
  ["Vilka AI-modeller använder ni?", "/#services"],
  ["Passar er lösning för små företag?", "/kom-igang"],
  ["Vad är skillnaden mellan en chattbot och en röstagent?", "/#services"],
  ["Hur skickar jag en förfrågan?", "/kom-igang"],
  ["Hur ser vi nyttan av assistenten?", "/demo"],
  ["Vilka leverantörer får mina chattfrågor?", "/privacy-policy"],
  ["Vem är personuppgiftsansvarig?", "/privacy-policy"],
  ["Vad betyder 24/7 service för er?", "/#about"],
  ["Tränas chattboten på vårt eget material?", "/#services"],
];

const offTopic = [
  "Vad är huvudstaden i Frankrike?",
  "Skriv en dikt om hösten",
  "Hur lagar man köttbullar?",
  "Vem vann fotbolls-VM 2018?",
  "Kan du hjälpa mig med min matteläxa om bråktal?",
  "Vad kostar en flygbiljett till Thailand?",
  "Skriv en Python-funktion som sorterar en lista",
  "Hur långt är det till månen?",
  "Vilken färg har en zebra?",
  "Rekommendera en bra film till ikväll",
];

const index = createKnowledgeIndex(knowledgeArtifact());

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
    expect(index.search("röstagenterna")[0]?.passage.href).toBe("/#services");
    expect(index.search("AI automation")[0]?.passage.href).toBe(index.search("AI-automation")[0]?.passage.href);
    expect(index.search("integritetspolicyn")[0]?.passage.href).toBe("/privacy-policy");
  });
});

describe("the knowledge artifact", () => {
  const artifact = knowledgeArtifact();
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
  });
});
