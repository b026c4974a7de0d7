import { site } from "~/config/site";

/**
 * The free 15-minute meeting (issue 45): what Emma, /kom-igang and the manage page say, and the
 * visitor's mails. Texts the server fills in carry {slots} (`{when}`, `{name}`, `{link}`); they
 * reach it through build/forms.json (server/lib/form-config.mjs).
 */
export const bookingCopy = {
  chat: {
    offer: "Gärna! Här är de närmaste lediga tiderna för ett kostnadsfritt 15-minutersmöte. Välj en tid:",
    callBackOffer: "Självklart! Vi kan ringa upp dig på någon av de här tiderna. Välj en tid:",
    noneInWish: "Jag hittade ingen ledig tid just då, så här är de närmaste:",
    timesLabel: "Lediga mötestider",
    more: "Fler tider",
    moreLead: "Här är fler lediga tider:",
    noMore: "Det finns inga fler lediga tider de närmaste två veckorna.",
    none: "Just nu finns ingen ledig tid de närmaste två veckorna. Lämna dina uppgifter så hör vi av oss.",
    chosen: (when: string) => `Toppen, jag håller ${when} åt dig i några minuter.`,
    taken: "Den tiden hann någon annan boka. Här är nya lediga tider:",
    summaryLabel: "Sammanfattning av bokningen",
    summary: (when: string, name: string, email: string) => `${when} · ${name}, ${email}`,
    book: "Boka",
    booking: "Bokar...",
    change: "Ändra",
    confirmed: (when: string) => `Klart! Mötet är bokat ${when}.`,
    confirmedMail: (email: string) => `En bekräftelse med kalenderinbjudan skickas till ${email}.`,
    confirmedCall: (phone: string) => `Vi ringer dig på ${phone}.`,
    /** A booking the sales team approves first (decision 062): the time is the visitor's meanwhile. */
    pending: (when: string) => `Tack! Tiden ${when} är reserverad åt dig.`,
    pendingMail: (email: string) =>
      `Vi går igenom nya bokningar innan vi bekräftar dem och skickar bekräftelsen med kalenderinbjudan till ${email} så snart mötet är godkänt.`,
    pendingNoMail: "Vi går igenom nya bokningar innan vi bekräftar dem och hör av oss när mötet är godkänt.",
    failed:
      "Bokningen gick inte igenom just nu. Försök igen om en stund, eller skicka dina uppgifter så hör vi av oss.",
    limited: "Du har redan bokat eller håller flera tider. Hör av dig via formuläret om du behöver en tid till.",
    needsPhone: "Skriv ett telefonnummer så att vi kan ringa upp dig.",
    /** The lead form's choice among the offered times (issue 51, finding 9). */
    formTime: { video: "Tid för mötet", phone: "Tid för samtalet" },
    formNoTime: { video: "Välj en tid för mötet (valfritt)", phone: "Välj en tid för samtalet (valfritt)" },
    /** The lead's message when times were offered and none was chosen: the wish to meet is kept. */
    meetingWish: (name: string, kind: "video" | "phone") =>
      kind === "phone"
        ? `${name} vill bli uppringd efter en konversation med Emma, men har inte valt någon tid än.`
        : `${name} vill boka ett kostnadsfritt möte efter en konversation med Emma, men har inte valt någon tid än.`,
    /** After a lead sent without a time while times were offered: the wish to meet stays. */
    offerAgain: "Vill du boka en tid direkt också? Välj en här, så bokar jag den med dina uppgifter:",
  },
  getStarted: {
    none: "Ingen ledig tid just nu. Skicka förfrågan så hör vi av oss.",
    clear: "Ingen tid, hör av er i stället",
    chosen: (when: string) => `Vald tid: ${when}`,
    confirmed: (when: string) => `Mötet är bokat ${when}. En kalenderinbjudan skickas till din e-post.`,
    confirmedNoMail: (when: string) => `Mötet är bokat ${when}.`,
    pending: (when: string) =>
      `Tiden ${when} är reserverad åt dig. Vi bekräftar mötet via e-post så snart vi har gått igenom bokningen.`,
    notBooked: "Tiden gick inte att boka, så vi skickar din förfrågan ändå och hör av oss.",
    taken: "Den tiden hann någon annan boka. Välj en annan tid.",
    failed: "Tiderna gick inte att hämta just nu. Skicka förfrågan så hör vi av oss.",
  },
  /** The manage page at /bokning (server/booking/manage-page.mjs). */
  page: {
    title: `Ditt möte med ${site.name}`,
    heading: "Ditt möte",
    when: "Tid",
    cancel: "Avboka mötet",
    confirmHeading: "Vill du avboka mötet?",
    confirmText: "Tiden blir ledig för andra att boka.",
    confirmYes: "Ja, avboka",
    confirmNo: "Nej, behåll tiden",
    cancelledHeading: "Mötet är avbokat",
    cancelledMark: "avbokad",
    cancelled: "Välkommen att boka en ny tid när det passar.",
    bookAgain: "Boka en ny tid",
    move: "Välj en annan tid",
    days: "Dagar med lediga tider",
    moveSubmit: "Flytta mötet",
    moved: "Mötet är flyttat. En uppdaterad kalenderinbjudan skickas till din e-post.",
    taken: "Den tiden hann någon annan boka. Välj en annan.",
    noTimes: "Det finns inga andra lediga tider just nu.",
    invalid: "Länken gäller inte längre. Mötet kan ha passerat, eller så är länken fel.",
    back: "Till startsidan",
    busy: "Något gick fel. Försök igen om en stund.",
  },
  /** The visitor's mails ({when}: "torsdag 3 december kl. 10:00"). */
  mail: {
    from: site.name,
    confirmSubject: "Bekräftelse: ditt möte med {company} {when}",
    updateSubject: "Ändrad tid: ditt möte med {company} {when}",
    reminderSubject: "Påminnelse: ditt möte med {company} i morgon {when}",
    cancelSubject: "Avbokat: ditt möte med {company} {when}",
    greeting: "Hej {name}!",
    confirmBody: "Tack för din bokning. Vi ses {when} för ett kostnadsfritt 15-minutersmöte.",
    updateBody: "Ditt möte är flyttat till {when}.",
    reminderBody: "Välkommen till ditt kostnadsfria 15-minutersmöte i morgon, {when}.",
    cancelBody: "Ditt möte {when} är avbokat.",
    cancelNote: "Meddelande från oss: {note}",
    callLine: "Vi ringer dig på {phone}.",
    videoLine: "En länk till mötet kommer från oss före mötet.",
    manage: "Avboka eller välj en annan tid: {link}",
    invitation: "Kalenderinbjudan finns bifogad.",
    signature: `Hälsningar,\n${site.name}`,
    summary: `Kostnadsfritt 15-minutersmöte med ${site.name}`,
    eventDescription: "Ett kostnadsfritt 15-minutersmöte med {company}. Avboka eller välj en annan tid: {link}",
    salesLine: "Bokat möte",
    /** The sales team's mail when a visitor moves or cancels on the manage page. */
    team: {
      cancelSubject: "Avbokat möte: {name}, {when}",
      moveSubject: "Flyttat möte: {name}, {when}",
      cancelBody: "{name} har avbokat mötet via länken i bekräftelsen.",
      moveBody: "{name} har flyttat mötet via länken i bekräftelsen.",
      cancelledTime: "Avbokad tid: {when}",
      newTime: "Ny tid: {when}",
      oldTime: "Tidigare tid: {old}",
      callBack: "Kunden vill bli uppringd.",
      labels: { from_name: "Namn", company: "Företag", from_email: "E-post", phone: "Telefon" },
      /** One mail a window when bookings come faster than usual ({span}: "3 minuter"). */
      surgeSubject: "Ovanligt många bokningar: {count} på {span}",
      surgeBody:
        "Webbplatsen har tagit emot {count} bokningar av det kostnadsfria mötet på {span} (larmgränsen är {limit} på {minutes} minuter). Det är fler än ni brukar få, och det kan vara någon som bokar tider i andras namn.",
      surgeHeld:
        "Nya bokningar väntar nu på ert godkännande: ingen bekräftelse eller påminnelse går till besökarnas adresser förrän någon av er har godkänt bokningen.",
      surgeOpen:
        "Bokningarna bekräftas direkt, och kalenderinbjudningar går till de adresser besökarna har skrivit. Vill ni granska nya bokningar först kan ni slå på godkännande.",
      surgeLink: "Godkänn eller avböj bokningar och ändra inställningen under Möten: {link}",
      surgeOnce: "Ni får högst ett sådant meddelande per {minutes} minuter.",
      minute: "1 minut",
      minutes: "{n} minuter",
    },
  },
  /** Emma's call tools (server/routes/call-tools.mjs): names ASCII, answers one line each. */
  voice: {
    times: {
      name: "lediga_motestider",
      description: `Ger de närmaste lediga tiderna för ett kostnadsfritt 15-minutersmöte med ${site.name}, högst tre.`,
      after: { name: "efter", description: "Valfritt: en tid (ISO 8601) som tiderna ska komma efter, för fler tider." },
    },
    book: {
      name: "boka_mote",
      description:
        "Bokar ett kostnadsfritt 15-minutersmöte på en av tiderna från lediga_motestider. Läs upp e-postadressen för kunden och få den bekräftad innan du bokar.",
      fields: {
        start: { name: "tid", description: "Tiden att boka, exakt som lediga_motestider gav den (ISO 8601)." },
        name: { name: "namn", description: "Kundens namn." },
        email: { name: "epost", description: "Kundens e-postadress, uppläst och bekräftad av kunden." },
        phone: { name: "telefon", description: "Kundens telefonnummer, om vi ska ringa upp." },
        company: { name: "foretag", description: "Företaget kunden representerar." },
        message: { name: "arende", description: "Vad mötet ska handla om, kort." },
        confirmed: {
          name: "epost_bekraftad",
          description: "Sant när kunden har bekräftat den upplästa e-postadressen.",
        },
      },
    },
    results: {
      times: "Lediga tider: {times}. Fråga vilken tid som passar.",
      noTimes: "Det finns inga lediga tider de närmaste två veckorna. Erbjud att en rådgivare hör av sig.",
      readBack: "Läs upp e-postadressen {email} bokstav för bokstav och fråga om den stämmer innan du bokar.",
      booked: "Mötet är bokat {when}. En bekräftelse skickas till {email}.",
      pending:
        "Tiden {when} är reserverad. Säg att teamet går igenom nya bokningar och skickar en bekräftelse till {email} när mötet är godkänt.",
      taken: "Den tiden är inte längre ledig. Hämta nya tider med lediga_motestider.",
      unknownTime: "Den tiden finns inte bland de lediga tiderna. Hämta tiderna med lediga_motestider.",
      limited: "Kunden har redan bokade tider. Erbjud att en rådgivare hör av sig.",
      off: "Bokning är inte möjlig just nu. Erbjud att en rådgivare hör av sig.",
    },
    rule: "Vill kunden träffas eller bli uppringd: hämta tider med lediga_motestider, läs upp högst tre, och boka den kunden väljer med boka_mote. Hitta aldrig på en tid.",
  },
} as const;

export type BookingCopy = typeof bookingCopy;
