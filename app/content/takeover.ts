// The live takeover's words (issue 53): the visitor's chat while a salesperson is asked or holds it,
// and the words a visitor uses to ask for a person.

/** What the visitor's chat says while a person is asked, holds the conversation and leaves it. */
export const takeoverCopy = {
  askPerson: "Prata med en människa",
  asking: (name: string | null) =>
    name
      ? `Jag frågar ${name} om hen kan ta över samtalet. Det tar som mest en minut.`
      : "Jag frågar en kollega om hen kan ta över samtalet. Det tar som mest en minut.",
  waiting: (name: string | null) => `Väntar på ${name ?? "en kollega"}…`,
  joined: (name: string) => `${name} har tagit över samtalet och svarar dig här.`,
  holding: (name: string) => `Du pratar med ${name}.`,
  typing: (name: string | null) => `${name ?? "Kollegan"} skriver…`,
  missed:
    "Ingen av mina kollegor hann svara just nu, men ditt meddelande är sparat och vi hör av oss. Vill du boka ett kostnadsfritt möte? Välj en tid nedan, eller lämna dina uppgifter så ringer vi upp.",
  closed:
    "Mina kollegor är inte på plats just nu, men ditt meddelande är sparat och vi hör av oss. Vill du boka ett kostnadsfritt möte? Välj en tid nedan, eller lämna dina uppgifter så ringer vi upp.",
  nobody:
    "Ingen av mina kollegor är ledig just nu, men ditt meddelande är sparat och vi hör av oss. Vill du boka ett kostnadsfritt möte? Välj en tid nedan, eller lämna dina uppgifter så ringer vi upp.",
  returned: "Det är Emma igen. Fråga mig gärna vidare!",
  ended: "Samtalet med min kollega är avslutat. Det är Emma igen, fråga mig gärna vidare!",
  failed:
    "Jag kunde inte nå mina kollegor just nu. Försök igen om en stund, eller lämna dina uppgifter så hör vi av oss.",
  rateLimited: "Du har skickat många meddelanden på kort tid. Vänta en stund och försök igen.",
  tooLong: "Meddelandet är för långt: skriv högst 1000 tecken.",
  notSent: "Meddelandet kunde inte skickas. Försök igen.",
  agent: "Säljare",
  mail: {
    open: "Mejla mig samtalet",
    label: "Din e-post",
    send: "Skicka samtalet",
    sent: (email: string) => `Samtalet är på väg till ${email}.`,
    failed: "Samtalet kunde inte mejlas just nu. Försök igen om en stund.",
    invalid: "Skriv en giltig e-postadress.",
  },
} as const;

/**
 * A visitor's words for a person (route-message.ts): asking for one, not asking about one. Lower case,
 * matched as whole words.
 */
export const personWords = {
  /** Who a visitor may ask for. */
  people: [
    "människa",
    "människor",
    "person",
    "personal",
    "säljare",
    "säljaren",
    "säljarna",
    "handläggare",
    "handläggaren",
    "rådgivare",
    "rådgivaren",
    "kollega",
    "kollegor",
    "medarbetare",
    "konsult",
    "konsulten",
    "människan",
    "någon",
    "nån",
    "human",
    "person",
    "someone",
    "somebody",
    "agent",
    "salesperson",
    "representative",
    "rep",
  ],
  /** Verbs of wanting to reach one ("prata med", "talk to"). */
  reach: [
    "prata",
    "tala",
    "snacka",
    "chatta",
    "kopplas",
    "koppla",
    "kontakta",
    "nå",
    "få tag",
    "få prata",
    "få hjälp av",
    "talk",
    "speak",
    "chat",
    "connect",
    "transfer",
  ],
  /** Words that turn a message into a question about people, or a refusal. */
  notAWish: ["inte", "ej", "aldrig", "utan", "slippa", "not", "don't", "dont", "without", "never"],
  /** A short message starting with these asks about people ("är du en människa?"). */
  questionStarts: [
    "är",
    "hur",
    "vad",
    "varför",
    "finns",
    "har",
    "vilka",
    "vem",
    "ersätter",
    "are",
    "is",
    "how",
    "what",
    "do",
    "does",
  ],
  /** After "nån"/"någon" these make it a time, not a person ("snacka nån dag"). */
  timeNouns: ["dag", "gång", "vecka", "tid", "stund", "förmiddag", "eftermiddag", "kväll", "morgon"],
  /** A short message's filler around the person ("en människa tack"). */
  filler: [
    "en",
    "ett",
    "riktig",
    "riktiga",
    "levande",
    "verklig",
    "tack",
    "please",
    "a",
    "an",
    "real",
    "live",
    "human",
    "ge",
    "mig",
    "jag",
    "vill",
    "ha",
    "kan",
    "få",
    "i",
    "want",
    "can",
    "get",
    "i'd",
    "like",
  ],
} as const;
