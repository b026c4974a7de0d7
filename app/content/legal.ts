import { LEAD_RETENTION_MONTHS } from "#common/retention.mjs";
import { site } from "~/config/site";
import { QUESTION_RETENTION_DAYS } from "#common/visitor-questions.mjs";
import { genitive } from "~/lib/genitive";

/** A legal page: a title, an introduction and numbered sections of plain paragraphs and lists. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

export interface LegalText {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export const lastUpdatedLabel = "Senast uppdaterad:";

/** What is kept of the questions Emma could not answer, in the words of the policy and the operator's page. */
export const questionRetention = `Frågor som Emma inte kunde besvara sparas i ${QUESTION_RETENTION_DAYS} dagar, utan e-postadresser, telefonnummer och personnummer, och raderas sedan.`;

export const privacyPolicy: LegalText = {
  title: "Integritetspolicy",
  intro: `${site.name} värnar om din personliga integritet. Här beskriver vi hur vi behandlar personuppgifter när du besöker vår webbplats, kontaktar oss eller pratar med vår AI-assistent Emma, i enlighet med dataskyddsförordningen (GDPR).`,
  sections: [
    {
      heading: "Personuppgiftsansvarig",
      paragraphs: [
        `${site.name}, ${site.city}, är personuppgiftsansvarig. Du når oss på ${site.email} eller ${site.phone}.`,
      ],
    },
    {
      heading: "Vilka uppgifter vi behandlar",
      list: [
        "Kontaktuppgifter som du själv lämnar i formulär eller i chatten: namn, e-post, telefonnummer och företag.",
        "Innehållet i ditt meddelande och i din konversation med Emma, i text eller tal.",
        "Tekniska uppgifter som behövs för att webbplatsen ska fungera, till exempel inställningar som sparas i din webbläsare.",
        "Frågor som Emma inte kunde besvara, och antal per dag och sida av öppnade chattar, frågor och leads. Inga IP-adresser eller besökar-id sparas för detta.",
      ],
    },
    {
      heading: "Varför och med vilken rättslig grund",
      list: [
        "För att besvara din förfrågan och lämna offert – berättigat intresse och åtgärder före avtal.",
        "För att leverera tjänster som du har beställt – fullgörande av avtal.",
        "För att förbättra webbplatsen och Emmas svar med frågor hon inte kunde besvara och antal per dag och sida, utan IP-adresser eller besökar-id – berättigat intresse.",
      ],
    },
    {
      heading: "AI-tjänster och mottagare",
      paragraphs: [
        "Chattfrågor som inte besvaras av våra färdiga svar skickas till en AI-leverantör för att formulera ett svar. Röstsamtal med Emma förmedlas av en plattform för röstagenter och behandlas av AI-tjänster under samtalet. Meddelanden från våra formulär levereras via en e-posttjänst.",
        "Leverantörerna är personuppgiftsbiträden och får bara behandla uppgifterna för vår räkning. Om uppgifter överförs utanför EU/EES sker det med EU-kommissionens standardavtalsklausuler eller annan laglig grund.",
      ],
    },
    {
      heading: "Hur länge vi sparar uppgifterna",
      paragraphs: [
        `Förfrågningar och leads sparas så länge vi har en pågående dialog och därefter högst ${LEAD_RETENTION_MONTHS} månader. Uppgifter som behövs för bokföring sparas så länge lagen kräver.`,
        questionRetention,
      ],
    },
    {
      heading: "Dina rättigheter",
      list: [
        "Att få veta vilka uppgifter vi har om dig och få en kopia av dem.",
        "Att få felaktiga uppgifter rättade och att få uppgifter raderade.",
        "Att invända mot behandling och att begära begränsning eller dataportabilitet.",
        "Att när som helst återkalla ett samtycke.",
      ],
      paragraphs: ["Du kan också lämna klagomål till Integritetsskyddsmyndigheten (IMY), www.imy.se."],
    },
    {
      heading: "Skydd mot missbruk",
      paragraphs: [
        "Vi räknar hur många frågor, meddelanden, bokningar och inloggningar som kommer från samma IP-adress (för IPv6 samma nät), i högst ett dygn. En bokning av det kostnadsfria mötet sparar adressen i hashad form så länge bokningen sparas. Rättslig grund: berättigat intresse.",
      ],
    },
  ],
};

export const termsOfService: LegalText = {
  title: "Användarvillkor",
  intro: `Dessa villkor gäller när du använder ${genitive(site.name)} webbplats, demotjänster och AI-assistenten Emma. Genom att använda webbplatsen godkänner du villkoren.`,
  sections: [
    {
      heading: "Tjänsterna",
      paragraphs: [
        "Webbplatsen presenterar våra tjänster och låter dig prova demonstrationer, chatta och tala med Emma. Demonstrationerna använder exempeldata och är inte avtal om leverans.",
      ],
    },
    {
      heading: "AI-genererade svar",
      paragraphs: [
        "Emmas svar skapas delvis av AI och kan innehålla fel. De är vägledande och utgör inte bindande erbjudanden eller rådgivning. Bindande villkor gäller först i ett skriftligt avtal.",
      ],
    },
    {
      heading: "Ditt ansvar",
      list: [
        "Lämna inte känsliga personuppgifter, lösenord eller betalkortsuppgifter i chatten eller i samtal.",
        "Använd inte tjänsterna för att skicka olagligt, kränkande eller skadligt innehåll.",
        "Försök inte störa, överbelasta eller kringgå säkerheten i tjänsterna.",
      ],
    },
    {
      heading: "Egna API-nycklar",
      paragraphs: [
        "Om du anger en egen API-nyckel till en AI-tjänst, e-posttjänst eller röstplattform sparas den endast i din webbläsare och används för anrop direkt från din webbläsare. Du ansvarar för nyckeln och för kostnader hos respektive leverantör.",
      ],
    },
    {
      heading: "Immateriella rättigheter",
      paragraphs: [
        `Innehållet på webbplatsen tillhör ${site.name} eller våra licensgivare och får inte kopieras utan tillstånd.`,
      ],
    },
    {
      heading: "Ansvarsbegränsning",
      paragraphs: [
        "Webbplatsen tillhandahålls i befintligt skick. Vi ansvarar inte för indirekta skador eller förluster som uppstår genom användning av webbplatsen, i den utsträckning lagen tillåter.",
      ],
    },
    {
      heading: "Tillämplig lag och tvister",
      paragraphs: [
        "Svensk lag gäller för dessa villkor. Tvister avgörs av svensk allmän domstol med Stockholms tingsrätt som första instans.",
      ],
    },
  ],
};

export const cookiePolicy: LegalText = {
  title: "Cookiepolicy",
  intro:
    "Här förklarar vi vilka cookies och liknande tekniker, som lokal lagring i webbläsaren, som används på webbplatsen och varför. Ingenting sparas innan du själv använder ett formulär, chatten eller röstassistenten.",
  sections: [
    {
      heading: "Nödvändiga",
      paragraphs: [
        "Behövs för att webbplatsen ska fungera säkert, till exempel för att ett meddelande som inte kunde skickas ska ligga kvar och skickas när anslutningen är tillbaka. De kräver inte samtycke.",
      ],
    },
    {
      heading: "Funktionella",
      paragraphs: [
        "Sparar dina val så att du slipper göra om dem: din konversation med Emma under besöket, inställningar du anger för chatten eller röstassistenten och ditt godkännande av mikrofonanvändning.",
      ],
    },
    {
      heading: "Analytiska",
      paragraphs: [
        "Används bara om du samtycker, för anonym statistik över hur webbplatsen används så att vi kan förbättra den. I dag använder vi inga analytiska cookies.",
      ],
    },
    {
      heading: "Så hanterar du cookies",
      paragraphs: [
        "Du kan när som helst radera cookies och lokal lagring i webbläsarens inställningar. Webbplatsen fungerar då som vid ditt första besök.",
      ],
    },
  ],
};
