import { site } from "~/config/site";
import type { AssistantText, KnowledgeArtifact, Passage } from "#common/passage";
import { everydayTerms, exampleKey, unanswered } from "#common/compact.mjs";
import { everydayWords } from "~/lib/knowledge/everyday-words";
import { OFF_TOPIC } from "#common/search.mjs";
import { withPageText, type PageText } from "#common/page-passages.mjs";
import { bookingCopy } from "./booking";
import { getStartedMeetingCopy } from "./get-started-meeting";
import { quotes } from "./quotes";
import { aboutPage } from "./about-page";
import { cannedPassageId, cannedReplyGroups, type ReplyGroup } from "./canned-replies";
import { emmaSystemPrompt, referenceNote } from "./emma-persona";
import { getStartedCopy, getStartedServices } from "./contact-form";
import {
  automationDemoCopy,
  automationStats,
  demoCenterCopy,
  demoReply,
  emailDemoSteps,
  demoLead,
  demoFeatures,
  emailDemoCopy,
  freeMeeting,
  voiceInfoCopy,
} from "./demos";
import { faq } from "./faq";
import { phrasings } from "./phrasings";
import { shellCopy } from "./shell";
import { fillerWords, synonyms } from "./synonyms";
import { aboutCopy, contactCopy, heroCopy, quotesCopy } from "./landing";
import { cookiePolicy, privacyPolicy, termsOfService, type LegalText } from "./legal";
import { landingServices } from "./services";
import { aboutStats } from "./stats";

/**
 * Emma's knowledge: the copy the pages render, cut into passages, each with the page (or
 * section) it comes from. Built once at build time into knowledge.json (scripts/postbuild.mjs),
 * which the browser's knowledge answers and the server's AI endpoint both read.
 */
/** The first `n` sentences of a text (a knowledge answer is 2–3 sentences). */
export function firstSentences(text: string, n = 3): string {
  // A full stop inside a word ("www.imy.se", "hej@nordlysai.se") ends no sentence.
  const sentences = text.match(/(?:[^.!?]|[.!?](?![.!?]*(?:\s|$)))+(?:[.!?]+(?=\s|$)|$)/gu) ?? [text];
  return sentences.slice(0, n).join("").trim();
}

const clean = (s: string) => s.replace(/\u00a0/g, " ");

interface Source {
  id: string;
  title: string;
  text: string;
  href: string;
  linkLabel: string;
  /** The reply when it is not the text's first sentences. */
  answer?: string;
  keywords?: string;
  /** The question it answers, offered when Emma is unsure ("Menar du…?"). */
  question: string;
  lead?: boolean;
}

function passage(s: Source, examples: string[]): Passage {
  const answer = clean(s.answer ?? firstSentences(s.text));
  return {
    id: s.id,
    title: clean(s.title),
    text: clean(s.text),
    href: s.href,
    linkLabel: s.linkLabel,
    keywords: s.keywords ?? "",
    answer,
    question: s.question,
    ...(examples.length ? { examples: examples.join("|") } : {}),
    ...(s.lead ? { lead: true } : {}),
  };
}

/** Each legal page with its name in definite form, for its sections' questions. */
const legalPages: [string, string, LegalText, string][] = [
  ["privacy", "/privacy-policy", privacyPolicy, "integritetspolicyn"],
  ["terms", "/terms-of-service", termsOfService, "användarvillkoren"],
  ["cookies", "/cookie-policy", cookiePolicy, "cookiepolicyn"],
];

/** A canned group's question when it has no suggestion chip. */
const cannedQuestions: Partial<Record<ReplyGroup, string>> = {
  support: "Vilken support ger ni?",
  languages: "Vilka språk talar assistenterna?",
};

/** Where a canned group's topic is on the site; groups without a page are not knowledge. */
const cannedPages: Partial<Record<ReplyGroup, [string, string]>> = {
  pricing: ["/kom-igang", "Kom igång"],
  implementation: ["/kom-igang", "Kom igång"],
  support: ["/#contact", "Kontakt"],
  customization: ["/#services", "Våra tjänster"],
  languages: ["/#services", "Våra tjänster"],
  security: ["/privacy-policy", "Integritetspolicy"],
  capabilities: ["/#services", "Våra tjänster"],
};

export function knowledgeSources(): Source[] {
  const sources: Source[] = [];
  sources.push({
    id: "home-hero",
    title: heroCopy.heading,
    text: `${heroCopy.eyebrow}. ${heroCopy.lead}`,
    href: "/",
    linkLabel: "Startsidan",
    question: "Vad gör ni?",
  });
  for (const s of landingServices) {
    sources.push({
      id: `service-${s.id}`,
      title: s.title,
      text: `${s.title}: ${s.description} ${s.features.join(". ")}.`,
      answer: `${s.description} ${s.features.join(", ")}.`,
      href: "/#services",
      linkLabel: "Våra tjänster",
      question: `Vad erbjuder ni inom ${s.title}?`,
    });
  }
  const stats = aboutStats.map((s) => `${s.value} ${s.label}`).join(", ");
  sources.push({
    id: "about-section",
    title: aboutCopy.heading,
    text: `${aboutCopy.lead} ${aboutCopy.body} I siffror: ${stats}.`,
    answer: `Vi har genomfört ${aboutStats[0]?.value} AI-projekt, har ${aboutStats[1]?.value} nöjda kunder, ${aboutStats[2]?.value} års erfarenhet och ger service ${aboutStats[3]?.value}. ${aboutCopy.lead}`,
    href: "/#about",
    linkLabel: "Om oss",
    keywords: "statistik siffror projekt erfarenhet grundat år",
    question: "Hur många AI-projekt har ni gjort?",
  });
  sources.push({
    id: "contact",
    title: contactCopy.heading,
    text: `${contactCopy.lead} ${contactCopy.emailLabel}: ${site.email}. ${contactCopy.phoneLabel}: ${site.phone}. ${contactCopy.cityLabel}: ${site.city}.`,
    answer: `Vi finns i ${site.city}. Du når oss på ${site.email} eller ${site.phone}, och vi återkommer inom en arbetsdag.`,
    href: "/#contact",
    linkLabel: "Kontakt",
    keywords: "kontor adress ort stad besök telefonnummer mejl e-postadress ringa kontaktformulär meddelande",
    question: "Var finns ni och hur når jag er?",
    lead: true,
  });
  sources.push({
    id: "links",
    title: `${shellCopy.articles} och sociala medier`,
    text: `${shellCopy.articles}: ${site.articlesUrl}. ${site.social.map((l) => `${l.label}: ${l.href}`).join(". ")}.`,
    answer: `Våra artiklar finns på ${site.articlesUrl}, och du hittar oss på ${site.social.map((l) => l.label).join(", ")}; länkarna finns längst ned på varje sida.`,
    href: "/",
    linkLabel: "Startsidan",
    question: "Var hittar jag era artiklar och sociala medier?",
  });
  sources.push({
    id: "om-oss-story",
    title: aboutPage.story.heading,
    text: aboutPage.story.paragraphs.join(" "),
    answer: `Vi startade ${site.foundedYear} med en röstassistent som svarade kundens samtal på svenska, dygnet runt. ${aboutPage.story.paragraphs[1]}`,
    href: "/om-oss",
    linkLabel: "Om oss",
    keywords: "grundades startade grundat historia",
    question: "Hur började ni?",
  });
  sources.push({
    id: "om-oss-values",
    title: aboutPage.values.heading,
    text: aboutPage.values.items.map((v) => `${v.title}: ${v.text}`).join(" "),
    href: "/om-oss",
    linkLabel: "Om oss",
    question: "Vilka värderingar har ni?",
  });
  sources.push({
    id: "om-oss-mission",
    title: aboutPage.mission.heading,
    text: `${aboutPage.lead} ${aboutPage.mission.text}`,
    href: "/om-oss",
    linkLabel: "Om oss",
    keywords: "vision mål",
    question: "Vad är ert uppdrag?",
  });
  sources.push({
    id: "get-started",
    title: getStartedCopy.heading,
    text: `${getStartedCopy.lead} ${getStartedServices.map((s) => `${s.title}: ${s.description}`).join(" ")}`,
    answer: getStartedCopy.lead,
    href: "/kom-igang",
    linkLabel: "Kom igång",
    keywords: "förfrågan beställa offert",
    question: "Hur skickar jag en förfrågan?",
    lead: true,
  });
  sources.push({
    id: "demo-center",
    title: demoCenterCopy.heading,
    text: `${demoCenterCopy.lead} ${demoFeatures.map((f) => `${f.title}: ${f.text}`).join(" ")}`,
    answer: demoCenterCopy.lead,
    href: "/demo",
    linkLabel: "AI Demo Center",
    keywords: "demo testa prova",
    question: "Vad finns i AI Demo Center?",
  });
  sources.push({
    id: "demo-voice",
    title: voiceInfoCopy.heading,
    text: `${voiceInfoCopy.chatText} ${voiceInfoCopy.note}`,
    href: "/demo",
    linkLabel: "AI Demo Center",
    keywords: "röstsamtal mikrofon ringa",
    question: "Hur pratar jag med Emma i ett röstsamtal?",
  });
  sources.push({
    id: "demo-email",
    title: emailDemoCopy.heading,
    text: `${emailDemoCopy.lead} Exempelmejlet i demon, "${demoLead.subject}": ${demoLead.content}`,
    answer: emailDemoCopy.lead,
    href: "/demo",
    linkLabel: "AI Demo Center",
    question: "Hur fungerar e-postdemon?",
  });
  sources.push({
    id: "automation-demo",
    title: automationDemoCopy.heading,
    text: `${automationDemoCopy.lead} ${automationDemoCopy.ctaText}`,
    href: "/automation-demo",
    linkLabel: "Automationsdemon",
    keywords: "automationsdemo lead mejl",
    question: "Vad visar automationsdemon?",
  });
  sources.push({
    id: "automation-stats",
    title: automationDemoCopy.statsHeading,
    text: automationStats.map((s) => `${s.value} ${s.label}.`).join(" "),
    answer: `Snabba svar avgör: ${automationStats
      .slice(1, 4)
      .map((s) => `${s.value} ${s.label}`)
      .join(", ")}.`,
    href: "/automation-demo",
    linkLabel: "Automationsdemon",
    keywords: "statistik konvertering svarstid",
    question: "Varför spelar snabba svar roll?",
  });
  // Copy a page shows only after a click or in turn (decision 073): the carousel, the demos' scripts, the booking.
  // One passage: each quote's words searchable drew off-topic questions ("diskmaskin" → "maskiner").
  const [firstQuote] = quotes;
  sources.push({
    id: "quotes",
    title: quotesCopy.heading,
    text: quotes.map((q) => `”${q.text}” – ${q.author}`).join(" "),
    answer: `Karusellen på startsidan visar ${quotes.length} citat om AI och framtiden, bland dem ”${firstQuote?.text}” – ${firstQuote?.author}.`,
    href: "/",
    linkLabel: "Startsidan",
    keywords: [
      ...new Set(quotes.map((q) => q.author).filter((a) => !a.includes(site.name) && !a.startsWith("Emma"))),
    ].join(" "),
    question: "Vilka citat visar ni på startsidan?",
  });
  sources.push({
    id: "automation-script",
    title: `${automationDemoCopy.heading}: exempelsvaret`,
    text: `${automationDemoCopy.steps.join(". ")}. ${automationDemoCopy.leadCard.heading}: ${demoLead.from}, "${demoLead.subject}", ${demoLead.received}. ${demoLead.content} ${automationDemoCopy.leadCard.urgency}: ${demoLead.urgency}. ${automationDemoCopy.replyCard.heading}: ${demoReply.content} ${automationDemoCopy.replyCard.responseTime}: ${demoReply.responseTime}. ${automationDemoCopy.replyCard.personalization}: ${demoReply.personalization}. ${automationDemoCopy.replyCard.sentiment}: ${demoReply.sentiment}.`,
    // Short: the reply's own words (assistant, calendar, budget) would draw questions about the services.
    answer: `I demon svarar AI:n ${demoLead.from.split(" <")[0]} på ${demoReply.responseTime} och föreslår ett kort möte på torsdag. ${automationDemoCopy.replyCard.personalization}: ${demoReply.personalization}, ${automationDemoCopy.replyCard.sentiment.toLowerCase()}: ${demoReply.sentiment.toLowerCase()}.`,
    href: "/automation-demo",
    linkLabel: "Automationsdemon",
    question: "Vad svarar AI:n i automationsdemon?",
  });
  sources.push({
    id: "email-demo-steps",
    title: `${emailDemoCopy.heading}: stegen`,
    text: `${emailDemoSteps.join(". ")}.`,
    answer: `E-postdemon går i fem steg: ${emailDemoSteps.join(", ").toLowerCase()}.`,
    href: "/demo",
    linkLabel: "AI Demo Center",
    question: "Vilka steg går e-postdemon igenom?",
  });
  sources.push({
    id: "get-started-meeting",
    title: getStartedMeetingCopy.legend,
    text: `${getStartedMeetingCopy.show}. ${getStartedMeetingCopy.hint} ${bookingCopy.chat.offer} ${bookingCopy.chat.pendingNoMail}`,
    answer: `${getStartedMeetingCopy.legend}: ${getStartedMeetingCopy.hint}`,
    href: "/kom-igang",
    linkLabel: "Kom igång",
    question: "Kan jag välja en tid för mötet på Kom igång?",
    lead: true,
  });
  for (const [name, href, page, definite] of legalPages) {
    sources.push({
      id: `${name}-intro`,
      title: page.title,
      text: page.intro,
      href,
      linkLabel: page.title,
      question: `Vad säger ${definite}?`,
    });
    page.sections.forEach((section, i) => {
      // In the page's order: the list, then the paragraphs (legal-page.tsx). A list's closing
      // paragraph ("lämna klagomål till IMY") is part of the answer, after the list's first items.
      const list = (section.list ?? []).join(" ");
      const paragraphs = (section.paragraphs ?? []).join(" ");
      const text = [list, paragraphs].filter(Boolean).join(" ");
      const answer =
        list && paragraphs ? `${firstSentences(list, 2)} ${firstSentences(paragraphs, 1)}` : firstSentences(text, 2);
      sources.push({
        id: `${name}-${i + 1}`,
        title: `${page.title}: ${section.heading}`,
        text,
        answer: `${section.heading}: ${answer}`,
        href,
        linkLabel: page.title,
        question: `${section.heading} – vad säger ${definite}?`,
      });
    });
  }
  for (const g of cannedReplyGroups) {
    const page = cannedPages[g.group];
    if (!page) continue;
    sources.push({
      id: cannedPassageId(g.group),
      title: g.suggestion ?? g.group,
      text: g.reply,
      answer: g.reply,
      href: page[0],
      linkLabel: page[1],
      keywords: g.keywords.map((k) => k.replace(/\*$/, "")).join(" "),
      question: g.suggestion ?? cannedQuestions[g.group] ?? g.group,
      lead: g.lead,
    });
  }
  faq.forEach((f, i) => {
    sources.push({
      id: `faq-${i + 1}`,
      title: f.question,
      text: f.answer,
      answer: f.answer,
      href: f.href,
      linkLabel: f.linkLabel,
      keywords: f.keywords,
      question: f.question,
      lead: f.lead,
    });
  });
  return sources;
}

/**
 * The company in a few lines for the site's AI, from the same typed content the pages render:
 * sent with every question, so the model always knows how to reach us and what we sell.
 */
export function factSheet(): string {
  const stats = aboutStats.map((s) => `${s.value} ${s.label}`).join(", ");
  return clean(
    [
      `${site.name}: AI-konsultbolag i ${site.city}, grundat ${site.foundedYear}. Besök: ${site.city}.`,
      `E-post ${site.email}, telefon ${site.phone}. ${contactCopy.lead} [Kontakt](/#contact)`,
      `Tjänster: ${landingServices.map((s) => `${s.title} – ${s.description}`).join(" ")}`,
      `I siffror: ${stats}.`,
      `Första mötet: ${freeMeeting.value}, ${freeMeeting.label}. Boka under [${getStartedCopy.heading}](/kom-igang), eller lämna kontaktuppgifter här i chatten.`,
    ].join("\n"),
  );
}

/** A labelled question of a question set, as far as the build reads it (evals/emma/question-set.ts). */
interface VisitorQuestion {
  q: string;
  answers?: readonly string[];
}

/** An example: its key (`exampleKey`), the passage it belongs to (or off-topic) and a question asked so. */
type Example = [key: string, target: string, question: string];

/**
 * The artifact written at build time. `examples`: the labelled questions Emma learns from, each
 * one of the first passage that answers it, or off-topic, kept if the text does not already answer
 * it so (decisions 028, 029); the evaluation leaves a set out to measure the others' worth on it.
 */

export function knowledgeArtifact({
  examples,
  leftOut = [],
  pages = [],
}: {
  /** The prerendered pages' visible text (scripts/lib/page-text.mjs): what no written passage says becomes passages. */
  pages?: readonly PageText[];
  /** The tuning sets' questions (evals/emma/manifest.ts `exampleQuestions`), passed in by the build. */
  examples: readonly VisitorQuestion[];
  /** A set measured against the others: phrasings asked as its questions are left out too. */
  leftOut?: readonly VisitorQuestion[];
}): KnowledgeArtifact & AssistantText {
  // A question asked alike in several sets goes to the passage most of them were judged to, and a
  // copywriter's phrasing (app/content/phrasings.ts) to its own passage.
  const keyOf = exampleKey(fillerWords);
  const fromPages = withPageText([...pages], knowledgeSources());
  const sources: Source[] = [...fromPages.written, ...fromPages.added];
  // A key is stems: whether the index answers it is asked of the first question with that key.
  const votes = new Map<string, { asked: string; counts: Map<string, number> }>();
  const vote = (question: string, target: string, weight: number) => {
    const key = keyOf(question);
    if (!key) return;
    const { asked, counts } = votes.get(key) ?? { asked: question, counts: new Map<string, number>() };
    votes.set(key, { asked, counts: counts.set(target, (counts.get(target) ?? 0) + weight) });
  };
  const measured = new Set(leftOut.map((v) => keyOf(v.q)));
  for (const [id, list] of Object.entries(phrasings))
    for (const q of list) if (!measured.has(keyOf(q))) vote(q, id, Infinity);
  for (const v of examples) {
    const target = v.answers?.length === 0 ? OFF_TOPIC : v.answers?.[0];
    if (target) vote(v.q, target, 1);
  }
  const phrased: Example[] = [];
  const learned: Example[] = [];
  for (const [key, { asked, counts }] of votes) {
    const [target, weight] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
    (weight === Infinity ? phrased : learned).push([key, target, asked]);
  }
  const withExamples = (pairs: Example[]) => {
    const asked = new Map<string, string[]>();
    // In order of their words: gzip finds more of one example in the next.
    for (const [key, target] of [...pairs].sort(([a], [b]) => (a < b ? -1 : 1)))
      asked.set(target, [...(asked.get(target) ?? []), key]);
    return {
      version: 3 as const,
      persona: emmaSystemPrompt(),
      referenceNote,
      passages: sources.map((s) => passage(s, asked.get(s.id) ?? [])),
      offTopic: (asked.get(OFF_TOPIC) ?? []).join("|"),
      facts: factSheet(),
      synonyms,
      fillers: fillerWords,
    };
  };
  // Only what the site's text does not already answer as judged is kept: the phrasings it does
  // not, the tuning sets' questions neither does, then what the kept examples draw elsewhere (a
  // tuning question may be suggested, a phrasing must be answered), until nothing is (decision 029).
  const unansweredWith = (pairs: Example[]) => unanswered(withExamples(pairs), everydayWords);
  let taught = unansweredWith([])(phrased);
  taught = [...taught, ...unansweredWith(taught)(learned)];
  for (let round = 0; round < 4; round++) {
    const unansweredNow = unansweredWith(taught);
    const drawn = [
      ...unansweredNow(phrased.filter((p) => !taught.includes(p))),
      ...unansweredNow(
        learned.filter((p) => !taught.includes(p)),
        { suggested: true },
      ),
    ];
    if (drawn.length === 0) break;
    taught = [...drawn, ...taught];
  }
  const artifact = withExamples(taught);
  return { ...artifact, everydayTerms: everydayTerms(artifact, everydayWords) };
}
