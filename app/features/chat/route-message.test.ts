import { describe, expect, inject, it } from "vitest";
import { createKnowledgeIndex } from "#common/search.mjs";
import { routeMessage, type Route, type RouteKnowledge } from "./route-message";

const siteIndex = createKnowledgeIndex(inject("knowledgeArtifact"));

type Expected = Route["to"] | `times:${"video" | "phone"}`;

/**
 * The tuning examples (decision 069): buyers' own words, typos kept, Swedish and some English.
 * The first of each kind are the failures measured on 7 December (issue 52).
 */
const examples: [string, Expected][] = [
  // A wish for a person: a salesperson is asked to take over (issue 53); a question about people is not one.
  ["kan jag prata med en människa?", "person"],
  ["Kan jag få prata med en riktig person", "person"],
  ["säljare", "person"],
  ["talk to a human please", "person"],
  ["kan jag prata med en säljare om ett möte?", "person"],
  ["kan jag få prata med en säljare på torsdag?", "times:video"],
  ["är ni riktiga människor bakom Emma?", "answer"],
  ["hur många säljare har ni?", "answer"],
  // A wish to meet, to be called or to get started: free times.
  ["kan ni ringa mej imorgn efter lunch?", "times:phone"],
  ["Hur drar vi i gång redan den här veckan?", "times:video"],
  ["Can we sit down together on Thursday afternoon?", "times:video"],
  ["kan vi ses?", "times:video"],
  ["Boka ett möte", "times:video"],
  ["boka", "times:video"],
  ["Kan vi ta ett möte nån dag nästa vecka?", "times:video"],
  ["Vi vill komma igång, kan vi träffas på torsdag eftermiddag?", "times:video"],
  ["kan ni ringa upp mig imorgon förmiddag?", "times:phone"],
  ["Ring mig i övermorgon", "times:phone"],
  ["Kan vi boka ett möte på torsdag?", "times:video"],
  ["Vi vill gärna boka en genomgång", "times:video"],
  ["Ja, jag vill boka ett möte", "times:video"],
  ["hur bokar jag ett möte med er?", "times:video"],
  ["har ni nån ledig tid på fredag förmiddag?", "times:video"],
  ["när kan vi ses?", "times:video"],
  ["Could we have a quick call next week?", "times:video"],
  ["can we meet tomorrow?", "times:video"],
  ["I'd like to book a demo", "times:video"],
  ["ringa mej på eftermiddan?", "times:phone"],
  ["Vi vill sätta igång så fort som möjligt, när kan ni?", "times:video"],
  ["kan vi höras på telefon imorgon?", "times:phone"],
  ["passar det med ett teamsmöte på tisdag?", "times:video"],
  ["Vi är redo att köra, hur går vi vidare?", "times:video"],
  ["Kan någon av era konsulter träffa oss nästa vecka?", "times:video"],
  // Since issue 53 a wish for a salesperson asks one to take over; unavailable, the times follow.
  ["jag vill prata med en säljare", "person"],
  ["vill gärna ha ett möte", "times:video"],
  ["schedule a meeting please", "times:video"],
  ["Kan vi ta ett kort samtal på torsdag?", "times:phone"],
  ["Skulle vi kunna ses över en fika i Stockholm?", "times:video"],
  ["Ni får gärna ringa mig på fredag", "times:phone"],
  ["Kan ni ringa tillbaka?", "times:phone"],
  ["Har ni möjlighet att träffas i början av nästa vecka?", "times:video"],
  ["let's talk on friday", "times:video"],
  ["Kan vi köra ett videomöte imorgon?", "times:video"],
  ["Vi skulle vilja komma igång med en chattbot, kan vi boka in en genomgång?", "times:video"],
  ["Hur gör jag för att boka en tid?", "times:video"],
  ["jag vill bli uppringd", "times:phone"],
  ["Kan jag få en demo av röstagenten?", "times:video"],
  ["Hur kommer vi igång?", "times:video"],
  ["Can you call me tomorrow morning?", "times:phone"],
  ["Ring upp mig när ni har tid", "times:phone"],
  ["Går det att boka ett möte redan idag?", "times:video"],
  ["Vi vill starta ett projekt med er, när kan vi träffas?", "times:video"],
  ["Kan ni ringa upp mig?", "times:phone"],
  ["jag vill boka det kostnadsfria mötet", "times:video"],
  ["Vilken dag kan vi ses?", "times:video"],
  ["Vi är intresserade, vad är nästa steg?", "times:video"],
  ["Tisdag efter lunch funkar för mig", "times:video"],
  ["Passar torsdag kl 10?", "times:video"],
  ["Har ni tid för ett snack i veckan?", "times:video"],
  ["Hur startar vi?", "times:video"],
  ["Vi vill ha en demo", "times:video"],
  ["Are you free on Wednesday?", "times:video"],
  ["När kan ni ringa?", "times:phone"],
  ["Book me in for Monday", "times:video"],
  ["Can someone call me back?", "times:phone"],
  ["Hej! Vi funderar på en röstagent. Kan vi boka in ett samtal nästa vecka?", "times:phone"],
  ["Låter bra, ring mig", "times:phone"],
  ["Kan vi ses på torsdag, och hur lång är mötet?", "times:video"],

  // A question about the meeting, or about booking as something the product does: the answer.
  ["får jag något till min Outlook?", "answer"],
  ["måste man välja en tid?", "answer"],
  ["hur lång är genomgången och kostar den något?", "answer"],
  ["Vilken veckodag föreslår Emma ett möte i demon?", "answer"],
  ["Vilken rättslig grund har ni när jag begär en offert?", "answer"],
  ["Är mötet gratis?", "answer"],
  ["hur lång tid tar det kostnadsfria mötet?", "answer"],
  ["Vad händer på mötet?", "answer"],
  ["Får jag en kalenderinbjudan när jag har bokat?", "answer"],
  ["Kan jag avboka mötet om något kommer emellan?", "answer"],
  ["Hur flyttar jag min bokade tid?", "answer"],
  ["Sker mötet på Teams eller Zoom?", "answer"],
  ["Vem är det jag träffar på mötet?", "answer"],
  ["Is the meeting free of charge?", "answer"],
  ["How long is the free meeting?", "answer"],
  ["Do I get a calendar invite when I book?", "answer"],
  ["Kan röstagenten boka möten?", "answer"],
  ["Kan chattboten boka tider direkt i vår kalender?", "answer"],
  ["Måste jag förbereda något inför mötet?", "answer"],
  ["Kostar bokningen något?", "answer"],
  ["Vad går vi igenom på de 15 minuterna?", "answer"],
  ["Vilken dag föreslog AI:n i mejlet i demot?", "answer"],
  ["Sparar ni min e-post när jag bokar ett möte?", "answer"],
  ["Blir jag bunden till något om jag bokar ett möte?", "answer"],
  ["Behöver jag ladda ner något för videomötet?", "answer"],
  ["Vad kostar ett möte med er?", "answer"],
  ["Hur många kan vara med på mötet?", "answer"],
  ["Spelar ni in videosamtalet?", "answer"],
  ["Var hittar jag länken till mötet?", "answer"],
  ["What happens in the meeting?", "answer"],
  ["Can I cancel my booking?", "answer"],
  ["Hur lång tid tar det innan vi kan komma igång?", "canned"],
  ["Vad ingår i genomgången?", "answer"],
  ["Kan jag boka om min tid?", "answer"],
  ["När får jag bekräftelsen på bokningen?", "answer"],
  ["Kan vi flytta mötet till torsdag?", "answer"],
  ["Integrerar ni med vårt bokningssystem?", "answer"],
  ["Hur många samtal klarar röstagenten samtidigt?", "answer"],
  ["Hur lång tid tar mötet?", "answer"],
  ["Behöver jag en dator för mötet?", "answer"],
  ["Kan min kollega också vara med på mötet?", "answer"],
  ["Måste jag boka en tid eller kan ni bara ringa?", "answer"],
  ["Varför behöver ni mitt telefonnummer för bokningen?", "answer"],
  ["Is there a cost for the meeting?", "answer"],
  ["Funkar röstagenten på fredag?", "answer"],
  ["Kan ni visa en demo med våra egna texter?", "answer"],
  ["Passar det för små företag?", "answer"],
  ["Kör ni med GPT?", "answer"],
  ["Nej, kontakta mig inte", "answer"],
  // Other questions: the answer, or a canned group's reply.
  ["Var ligger ert kontor?", "answer"],
  ["Kan ni bygga en app för lagerhantering?", "answer"],
  ["Berätta om er historia", "answer"],
  ["nej tack", "answer"],
  ["ok", "answer"],
  ["Hur kontaktar jag er?", "answer"],
  ["Vad är skillnaden mellan en chattbot och en röstagent?", "answer"],
  ["Vad kostar det?", "canned"],
  ["Hur hanterar ni GDPR?", "canned"],
  ["hej!", "canned"],
  ["Hur lång tid tar en implementation?", "canned"],
  ["jag behöver support", "canned"],
  ["Vilka tjänster har ni?", "canned"],
  ["blir det regn imorgon?", "canned"],

  // A yes to being contacted: the lead form, with a line that says so.
  ["jo men gärna, hör av er till mig!", "lead-form"],
  ["ok, hör av er till mig", "lead-form"],
  ["ja tack kontakta mig", "lead-form"],
  ["ja", "lead-form"],
  ["Ja tack", "lead-form"],
  ["ja, kontakta mig gärna", "lead-form"],
  ["Absolut, maila mig", "lead-form"],
  ["ok låter bra, ja tack kontakta mig", "lead-form"],
  ["yes please, contact me", "lead-form"],
  ["Gärna!", "lead-form"],
  ["Ni får gärna höra av er", "lead-form"],
  ["Skicka mer info till mig", "lead-form"],
  ["Japp, hör av er", "lead-form"],
  ["okej, ni kan kontakta mig på mejl", "lead-form"],
  ["Jag är intresserad, hör av er", "lead-form"],
  ["Ja, jag är intresserad", "lead-form"],
  ["Vi vill veta mer", "lead-form"],
  ["sure, get in touch", "lead-form"],
  ["låter bra, hör av dig", "lead-form"],
  ["Jag vill bli kontaktad", "lead-form"],
  ["Kan ni mejla mig mer information?", "lead-form"],
  ["jaa gärna", "lead-form"],
  ["Ja, hör gärna av er till oss", "lead-form"],
  ["Ni kan nå mig på anna.berg@exempel.se", "lead-form"],
  ["ja, gör det", "lead-form"],
  ["Kör!", "lead-form"],
  ["please contact me by email", "lead-form"],
  ["Kan ni höra av er imorgon?", "lead-form"],
  ["Kontakta mig på 070-123 45 67", "lead-form"],
  ["Japp!", "lead-form"],
  ["Absolut", "lead-form"],
];

const routed = (text: string, knowledge: RouteKnowledge | null = siteIndex): Expected => {
  const route = routeMessage(text, knowledge);
  return route.to === "times" ? `times:${route.meeting.kind}` : route.to;
};

describe("a message's route without AI (decision 069)", () => {
  it("has tuning examples of every kind, at least 60", () => {
    expect(examples.length).toBeGreaterThanOrEqual(60);
    for (const kind of ["times:video", "times:phone", "answer", "canned", "lead-form"])
      expect(examples.filter(([, e]) => e === kind).length).toBeGreaterThanOrEqual(5);
  });

  it.each(examples)("%s → %s", (text, expected) => expect(routed(text)).toBe(expected));

  it("routes by the words alone while the knowledge is not loaded", () => {
    // Without the knowledge a canned group's keyword decides (spec §4): only the knowledge says
    // that "offert" in a question about the legal basis is no question about prices.
    const misses = examples.filter(([text, expected]) => {
      const route = routed(text, null);
      return route !== expected && !(route === "canned" && expected === "answer");
    });
    expect(misses.map(([text]) => text)).toEqual([]);
    // The chat asks for times before the knowledge is there: the words alone must decide them.
    for (const [text] of examples)
      expect(routed(text, null).startsWith("times"), text).toBe(routed(text).startsWith("times"));
    expect(routed("Vilken rättslig grund har ni när jag begär en offert?", null)).toBe("canned");
  });
});

describe("a wish to meet", () => {
  it("carries the wished time in the words the server reads", () => {
    const when = (text: string) => {
      const route = routeMessage(text, siteIndex);
      return route.to === "times" ? route.meeting.when : null;
    };
    expect(when("kan ni ringa mej imorgn efter lunch?")).toBe("imorgon eftermiddag");
    expect(when("Can we sit down together on Thursday afternoon?")).toBe("torsdag eftermiddag");
    expect(when("Kan vi ta ett möte nån dag nästa vecka?")).toBe("nästa vecka");
    expect(when("ringa mej på eftermiddan?")).toBe("eftermiddag");
    expect(when("kan vi ses?")).toBe("");
  });
});

describe("the canned reply of a routed message", () => {
  it("is the group the knowledge picks", () => {
    const group = (text: string) => {
      const route = routeMessage(text, siteIndex);
      return route.to === "canned" ? route.group.group : route.to;
    };
    expect(group("Vad kostar det?")).toBe("pricing");
    expect(group("Hur hanterar ni GDPR?")).toBe("security");
    expect(group("blir det regn imorgon?")).toBe("weather");
  });
});
