import { site } from "~/config/site";
import { genitive } from "~/lib/genitive";

/**
 * Questions a B2B buyer asks, answered in 2–3 sentences. Emma answers from these (and from the
 * pages) without any AI; `href` is the page or section a visitor reads more on, `linkLabel` its name.
 * Keep to what the site says elsewhere: no invented customers, figures or promises.
 */
export interface FaqEntry {
  question: string;
  answer: string;
  href: string;
  linkLabel: string;
  /** Words a visitor may use that the answer does not (a phrasing of the question, a synonym). */
  keywords?: string;
  /** About getting in touch with us: Emma then also offers the lead form in the chat. */
  lead?: boolean;
}

const services = { href: "/#services", linkLabel: "Våra tjänster" };
const getStarted = { href: "/kom-igang", linkLabel: "Kom igång" };
const privacy = { href: "/privacy-policy", linkLabel: "Integritetspolicy" };
const contact = { href: "/#contact", linkLabel: "Kontakt" };
const about = { href: "/om-oss", linkLabel: "Om oss" };

export const faq: FaqEntry[] = [
  {
    question: "Vilka branscher arbetar ni med?",
    answer:
      "Vi arbetar med svenska företag i alla branscher där kunder ringer, mejlar eller chattar med frågor som återkommer. Det som avgör är inte branschen utan att det finns samtal, ärenden eller e-post som AI kan besvara eller sortera.",
    keywords: "jobbar arbetar sektor kunder typ av företag",
    ...services,
  },
  {
    question: "Vilka system kan ni integrera med?",
    answer:
      "Vi integrerar assistenterna med ert CRM, er kalender och era e-postflöden, så att leads, bokningar och ärenden hamnar där ni redan arbetar. Vilka system det blir bestämmer vi tillsammans i kartläggningen.",
    ...services,
  },
  {
    question: "Hur är prismodellen uppbyggd?",
    lead: true,
    answer:
      "Priset anpassas efter era behov: en enklare chattassistent börjar ofta kring 15 000 kr i uppstart plus en månadsavgift. Röstagenter och automation prissätts efter volym, och en offert får ni inom en arbetsdag.",
    ...getStarted,
  },
  {
    question: "Var lagras vår data?",
    answer:
      "Data lagras inom EU när det är möjligt. Om uppgifter överförs utanför EU/EES sker det med EU-kommissionens standardavtalsklausuler eller annan laglig grund, och vi tecknar personuppgiftsbiträdesavtal.",
    ...privacy,
  },
  {
    question: "Vilka språk kan assistenterna prata?",
    answer:
      "Assistenterna talar och skriver naturlig svenska och hanterar även engelska och ett trettiotal andra språk. De byter språk automatiskt efter kunden.",
    ...services,
  },
  {
    question: "Hur går ett projekt till?",
    answer:
      "Vi kartlägger era behov, tränar assistenten på ert material, testar tillsammans med er och går sedan live. En typisk implementation tar 10–20 dagar, och enklare chattbottar kan vara igång på under två veckor.",
    ...getStarted,
  },
  {
    question: "Vilken support ingår efter lansering?",
    answer: `Vi ger support på svenska och övervakar era assistenter dygnet runt. Som kund når ni oss på ${site.email} eller ${site.phone}, och vi förbättrar lösningen löpande.`,
    ...contact,
  },
  {
    question: "Behöver vi egen teknisk kompetens?",
    answer:
      "Nej, vi sköter det tekniska: uppsättning, integrationer, träning och drift. Ni bidrar med kunskap om era kunder och ert material, och vi går igenom allt tillsammans innan lansering.",
    ...getStarted,
  },
  {
    question: "Kan assistenten lämna över till en människa?",
    answer:
      "Ja. När en fråga kräver en människa lämnar assistenten över till rätt person, och röstagenten kan koppla vidare samtalet.",
    ...services,
  },
  {
    question: "Kan röstagenten boka möten?",
    answer:
      "Ja, röstagenten svarar i telefon dygnet runt, bokar möten direkt i er kalender och kvalificerar leads med naturlig svenska.",
    ...services,
  },
  {
    question: "Hur snabbt svarar en AI-röstagent?",
    answer:
      "Röstagenten svarar på 0,3 sekunder, dygnet runt. Ingen kund behöver vänta i telefonkö för att få svar på en vanlig fråga.",
    ...services,
  },
  {
    question: "Tränas assistenten på vårt eget material?",
    answer:
      "Ja, assistenten tränas på ert eget material, till exempel er webbplats, produktinformation och vanliga frågor. Ni bestämmer vilka frågor den ska kunna svara på och i vilken ton.",
    ...services,
  },
  {
    question: "Vad händer när AI:n inte kan svara?",
    answer:
      "Assistenten hittar inte på svar: kan den inte svara föreslår den kontakt med en människa eller tar emot kundens kontaktuppgifter. Ni ser sedan i konversationerna vilka frågor som saknar svar.",
    ...services,
  },
  {
    question: "Vem äger konversationerna och hur länge sparas de?",
    answer:
      "Det är era kunders konversationer, och ni bestämmer själva hur länge de sparas. Vi behandlar dem bara för er räkning enligt ett personuppgiftsbiträdesavtal.",
    ...privacy,
  },
  {
    question: "Kan vi prova innan vi bestämmer oss?",
    answer:
      "Ja, i vårt AI Demo Center kan du prova Emma i text, läsa om röstagenten och se hur AI automatiserar e-post. Vi visar också gärna en demo med ert eget material.",
    href: "/demo",
    linkLabel: "AI Demo Center",
  },
  {
    question: "Hur bokar jag ett möte med er?",
    lead: true,
    answer:
      "Välj tjänst och skicka en förfrågan under Kom igång, så hör vi av oss inom en arbetsdag. Det första mötet är kostnadsfritt och tar 15 minuter.",
    ...getStarted,
  },
  {
    question: "Vad ingår i AI-strategikonsultation?",
    answer:
      "Vi gör en nulägesanalys och prioriterar var AI ger störst effekt i er verksamhet. Ni får en kalkyl för avkastningen och en plan för säkerhet och GDPR.",
    ...services,
  },
  {
    question: "Vad kan AI-automation göra för oss?",
    answer:
      "AI-automation sorterar e-post, skriver personliga svar och för in data i era system. Inkommande leads får svar direkt, och administrationen tar 40 % mindre tid.",
    href: "/automation-demo",
    linkLabel: "Automationsdemon",
  },
  {
    question: "Följer ni GDPR?",
    answer:
      "Ja, dataskydd och GDPR är en del av designen från första dagen. Vi tecknar personuppgiftsbiträdesavtal, och du kan läsa hur vi behandlar personuppgifter i vår integritetspolicy.",
    ...privacy,
  },
  {
    question: "Kan assistenten få vår egen röst och ton?",
    answer:
      "Ja, allt går att anpassa: ton, röst, varumärke och vilka frågor assistenten ska kunna svara på. Den låter och skriver som ert företag.",
    ...services,
  },
  {
    question: "Fungerar assistenterna dygnet runt?",
    answer:
      "Ja, assistenterna svarar dygnet runt, alla dagar, och vi ger service 24/7. Kunder som hör av sig en kväll eller helg får svar direkt.",
    ...services,
  },
  {
    question: "Hur ser vi vad assistenten gör för nytta?",
    answer:
      "Varje konversation ger data om vad kunderna frågar efter, så att ni kan följa resultatet och förbättra erbjudandet. Vi följer upp lösningen tillsammans med er efter lansering.",
    keywords: "nyttan nytta effekt resultat mäta uppföljning",
    href: "/demo",
    linkLabel: "AI Demo Center",
  },
  {
    question: "Passar det här för små företag?",
    answer:
      "Ja, en enklare chattassistent kan vara igång på under två veckor och kostar ofta kring 15 000 kr i uppstart plus en månadsavgift. Vi föreslår hellre en liten start som går att bygga vidare på.",
    ...getStarted,
  },
  {
    question: "Vad är skillnaden mellan en chattbot och en röstagent?",
    answer:
      "En chattbot svarar i text på er webbplats, medan en röstagent tar samtal i telefon eller på webben med naturlig röst. Båda kan svara på frågor, boka möten och ta emot leads.",
    ...services,
  },
  {
    question: "Finns det någon bindningstid?",
    answer:
      "Villkoren, också för uppsägning, står i det skriftliga avtal vi tecknar, och en rådgivare går igenom dem med er innan start. Skriv till oss så skickar vi ett förslag.",
    ...contact,
  },
  {
    question: "Vilka AI-modeller använder ni?",
    answer:
      "Vi väljer AI-modell efter uppgiften och era krav på kvalitet, kostnad och datalagring. Modellen kan bytas utan att assistenten behöver byggas om.",
    ...services,
  },
  {
    question: "När startade ni?",
    answer: `Vi har hjälpt svenska företag med AI sedan ${site.foundedYear}, då vi byggde en röstassistent som svarade en kunds samtal på svenska, dygnet runt. Sedan dess har vi genomfört över 50 AI-projekt.`,
    keywords: "grundades grundat startade start historia",
    ...about,
  },
  {
    question: "Vem är ni?",
    answer: `${site.name} är ett AI-konsultbolag i ${site.city} som sedan ${site.foundedYear} hjälper svenska företag att använda AI där det gör skillnad. Vi är utvecklare, språkteknologer och strateger.`,
    ...about,
  },
  {
    question: "Kan ni ringa upp mig?",
    lead: true,
    answer: `Gärna! Ring oss på ${site.phone}, eller lämna ditt nummer så ringer en rådgivare upp inom en arbetsdag. Det första mötet är kostnadsfritt och tar 15 minuter.`,
    keywords: "ringa upp ringer upp ring mig återuppringning bli uppringd",
    ...contact,
  },
  {
    question: "Hur kontaktar jag er?",
    lead: true,
    answer: `Skriv till ${site.email}, ring ${site.phone} eller använd kontaktformuläret, så återkommer vi inom en arbetsdag. Vi finns i ${site.city}.`,
    ...contact,
  },
  {
    question: "Pratar jag med en människa?",
    lead: true,
    answer: `Jag är Emma, ${genitive(site.name)} AI-assistent, ingen människa, och svarar utifrån det som står på webbplatsen. Vill du prata med en människa når du oss på ${site.phone} eller ${site.email}, eller så ringer en rådgivare upp inom en arbetsdag.`,
    keywords: "människa riktig person robot bot levande",
    ...contact,
  },
];
