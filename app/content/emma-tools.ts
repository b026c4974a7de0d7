// What the site's AI is told of Emma's tools in the chat (server/emma/tools.mjs, via build/forms.json):
// the voice tools' names and arguments are the same; only what a tool shows the visitor differs.
import { site } from "~/config/site";

export const emmaToolsCopy = {
  /** Added to the persona when the site's AI answers the chat with tools. */
  rule: [
    "Du har verktyg. Vill kunden träffas, boka, bli uppringd eller komma igång: hämta tider med lediga_motestider; chatten visar dem som knappar, så nämn dem inte själv och hitta aldrig på en tid.",
    "Väljer kunden en av tiderna i text, använd boka_mote med den tiden: chatten visar bokningen, och kunden bokar med knappen Boka.",
    "Vill kunden bli kontaktad eller lämna sina uppgifter, använd spara_kontaktuppgifter: chatten visar kontaktformuläret.",
    "Vill kunden prata med en människa, använd prata_med_saljare.",
    "Frågar kunden om mötet (vad det kostar, hur långt det är, kalenderinbjudan), svara på frågan utan att hämta tider.",
    "Svara på kundens språk.",
  ].join(" "),
  /** A tool's description in the chat where it differs from the call's. */
  descriptions: {
    contact:
      "Visar chattens kontaktformulär för kunden, ifyllt med de uppgifter kunden har gett, så att kunden kan kontrollera och skicka det. Använd när kunden vill bli kontaktad.",
    book: "Visar bokningen av en av tiderna från lediga_motestider för kunden, som bokar med knappen Boka. Använd när kunden har valt en tid i text.",
    times: `Visar de närmaste lediga tiderna för ett kostnadsfritt 15-minutersmöte med ${site.name} som knappar i chatten, högst tre.`,
  },
  handoff: {
    name: "prata_med_saljare",
    description: "Lämnar över samtalet till en säljare när kunden vill prata med en människa.",
  },
  /** Optional arguments the chat's times tool also reads. */
  wish: {
    name: "onskemal",
    description: "Valfritt: kundens önskade tid med kundens ord, t.ex. 'torsdag eftermiddag'.",
  },
  kind: {
    name: "samtal",
    description: "Sant om kunden vill bli uppringd i stället för ett videomöte.",
  },
  /** What the model reads back from a tool in the chat. */
  results: {
    times: "Chatten visar nu dessa tider som knappar: {times}. Be kunden välja en; upprepa inte tiderna.",
    noTimes: `Det finns inga lediga tider de närmaste två veckorna. Chatten visar kontaktformuläret; säg att en rådgivare hör av sig.`,
    booking: "Chatten visar bokningen {when}. Be kunden kontrollera uppgifterna och trycka på Boka.",
    leadForm:
      "Chatten visar kontaktformuläret. Be kunden fylla i och skicka det; en rådgivare hör av sig inom en arbetsdag.",
    handoff:
      "Chatten frågar nu en säljare om att ta över samtalet. Säg det kort, och att kunden kan skriva vidare här under tiden; svara inte på något mer förrän säljaren har svarat eller chatten säger att ingen kunde ta det.",
    handoffNobody: `Ingen säljare kan ta över chatten just nu. Säg det, och erbjud ett kostnadsfritt möte eller att en rådgivare hör av sig via kontaktformuläret, som chatten visar. Kunden kan också mejla ${site.email}.`,
  },
} as const;

export type EmmaToolsCopy = typeof emmaToolsCopy;
