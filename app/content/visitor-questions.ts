/**
 * Emma's honest question set (issue 27): 130 questions in visitors' own words, written by someone
 * who saw only the rendered pages. How it was made, in the writer's words:
 *
 * I read only the eight rendered pages in /work/notes/rendered/ (home, kom-igang, om-oss, demo,
 * automation-demo, privacy-policy, terms-of-service, cookie-policy; 404.html ignored), extracting
 * their visible text with a small Python HTMLParser script that dropped script/style/svg and
 * printed element ids, link targets, form labels and placeholders, so I could note the home page's
 * section ids (#services, #about, #contact, plus the hero at "/"). I did not open, read or grep
 * anything under /work/main or /work/wt-*, any source code, the site's FAQ or search code, or any
 * other file (not even the other file in /work/notes), and did not discuss the questions with
 * anyone. Taking the role of a Swedish business buyer, I wrote 130 questions in about 25 minutes
 * in one pass and kept that order (a few near-duplicates were deleted afterwards to balance the
 * mix, and one unanswerable question was added): 95 that the visible page text answers, covering
 * every page and topic (the four services, the hero/Emma, company history, values, mission,
 * statistics, Stockholm location, e-mail/phone/social links/articles, the contact and kom-igång
 * forms and the one-working-day reply, the free 15-minute meeting, both demos and their example
 * data and lead-response statistics, privacy/GDPR, cookies and terms); 10 typical buyer questions
 * I could not find on the pages (price, delivery time, integrations with named tools, languages
 * other than Swedish, support cost, data location, lock-in period, underlying AI models,
 * references), labelled "?"; and 25 that the site cannot answer, labelled "none" (off-topic ones
 * such as weather, recipes, homework and sport, plus plausible but absent ones such as
 * competitors' prices, jobs at other firms, the company's revenue and Trustpilot rating). Exactly
 * 10 questions are in English (all answerable); the rest are informal Swedish with typos
 * ("röstagnet", "vad koster"), fragments ("pris?", "gdpr", "telefon?"), short follow-up-style
 * phrasings and a few long rambling ones. `expect` lists the most specific page or home-page
 * section first. Two judgement calls to note: social links and the "Artiklar" link appear only in
 * the header/footer, so those questions point to "/"; "är ni tillgängliga 24/7" relies on the
 * "service 24/7" statistic in #about.
 *
 * Added by the engineer, wording unchanged: `expect: ["?"]` marks what the writer could not find
 * on the pages; `labelled` is the engineer's label of those ten against the FAQ (app/content/faq.ts)
 * and the site, `["none"]` when nothing there answers. `none` = the site cannot answer it.
 *
 * The split, fixed before any result was seen: an even index (0, 2, …) is the tuning half, an odd
 * index the held-out half. Tune only on the tuning half; read the held-out half only to report.
 */

export interface VisitorQuestion {
  q: string;
  /** Page paths that answer it, most specific first; ["?"] not found by the writer; ["none"] unanswerable. */
  expect: string[];
  lang: "sv" | "en";
  note?: string;
  /** The engineer's label of a ["?"] question (see above). */
  labelled?: string[];
}

export const visitorQuestions: VisitorQuestion[] = [
  {
    q: "hej vad gör ni för nåt egentligen?",
    expect: ["/", "/#services", "/om-oss"],
    lang: "sv",
    note: "hero: röstagenter, chattassistenter och automation; services list",
  },
  {
    q: "vad är en röstagnet",
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "AI-Röstagenter card; demo 'Röstagent i telefon och webb'",
  },
  {
    q: "kan er AI svara i telefon mitt i natten när vi har stängt",
    expect: ["/#services", "/", "/demo"],
    lang: "sv",
    note: "svarar i telefon dygnet runt",
  },
  { q: "pris?", expect: ["?"], lang: "sv", labelled: ["/kom-igang"] },
  {
    q: "hur snabbt svarar röstagenten när nån ringer",
    expect: ["/#services"],
    lang: "sv",
    note: "Svarar på 0,3 sekunder",
  },
  {
    q: "kan den boka in möten direkt i vår kalender eller måste vi göra det själva",
    expect: ["/#services", "/demo", "/"],
    lang: "sv",
    note: "Bokar möten i din kalender",
  },
  {
    q: "om kunden vill prata med en riktig människa, kan röstgrejen koppla vidare till rätt person hos oss?",
    expect: ["/#services"],
    lang: "sv",
    note: "Kopplar vidare till rätt person",
  },
  {
    q: "pratar den svenska?",
    expect: ["/#services", "/demo", "/"],
    lang: "sv",
    note: "naturlig svenska; Emma förstår vardaglig svenska",
  },
  {
    q: "Do you build voice agents that can pick up phone calls for us?",
    expect: ["/#services", "/demo"],
    lang: "en",
    note: "AI-Röstagenter card",
  },
  {
    q: "har ni chatbot till hemsidan",
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "Virtuell Assistent: chattassistenter på webben",
  },
  {
    q: "vad är skillnaden mellan röstagent och virtuell assistent hos er",
    expect: ["/#services"],
    lang: "sv",
    note: "voice = phone, virtual assistant = web chat",
  },
  {
    q: "kan chattboten tränas på våra egna dokument och prislistor?",
    expect: ["/#services"],
    lang: "sv",
    note: "Tränas på ert eget material",
  },
  {
    q: "vad händer om chatten inte kan svara, får kunden prata med en människa då",
    expect: ["/#services"],
    lang: "sv",
    note: "Lämnar över till människa vid behov",
  },
  {
    q: "samlar chatten in kontaktuppgifter från besökare? vi vill ha fler leads",
    expect: ["/#services"],
    lang: "sv",
    note: "Samlar in kontaktuppgifter, fångar leads",
  },
  {
    q: "vad för slags automation gör ni",
    expect: ["/#services", "/demo", "/automation-demo"],
    lang: "sv",
    note: "sorterar e-post, skriver personliga svar, för in data i era system",
  },
  {
    q: "funkar det ihop med vårt crm",
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "Integration med CRM och e-post; demo hämtar kundhistorik från CRM",
  },
  {
    q: "hur mycket tid sparar man på administration",
    expect: ["/#services", "/automation-demo"],
    lang: "sv",
    note: "40 % mindre tid på administration",
  },
  {
    q: "kan AI sortera alla mejl som kommer in till info-adressen?",
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "sorterar e-post; demo 'Inkommande mejl sorteras'",
  },
  { q: "automationsdemo", expect: ["/automation-demo", "/demo"], lang: "sv" },
  {
    q: "vi har ingen aning om var vi ska börja med AI, kan ni hjälpa oss att ta fram en plan",
    expect: ["/#services"],
    lang: "sv",
    note: "AI-Strategikonsultation",
  },
  {
    q: "räknar ni på avkastningen, typ ROI innan vi sätter igång?",
    expect: ["/#services"],
    lang: "sv",
    note: "Kalkyl för avkastning",
  },
  {
    q: "är genomgången för strategi gratis",
    expect: ["/#services"],
    lang: "sv",
    note: "Kontakta oss för en kostnadsfri genomgång",
  },
  {
    q: "hur många olika tjänster erbjuder ni?",
    expect: ["/#services", "/kom-igang"],
    lang: "sv",
    note: "Fyra sätt...; four options on /kom-igang",
  },
  { q: "vad väder blir det i stockholm i helgen", expect: ["none"], lang: "sv" },
  {
    q: "kan ni svara våra kunder på kvällar och helger också",
    expect: ["/", "/#services", "/demo"],
    lang: "sv",
    note: "hero chat example: svarar dygnet runt",
  },
  { q: "vem är emma", expect: ["/demo", "/"], lang: "sv", note: "Emma, AI-assistent; demo page" },
  { q: "hur länge har ni funnits", expect: ["/#about", "/om-oss"], lang: "sv", note: "sedan 2019" },
  {
    q: "hur många ai-projekt har ni gjort",
    expect: ["/#about", "/om-oss"],
    lang: "sv",
    note: "50+ / över 50 AI-projekt",
  },
  { q: "hur nöjda är era kunder typ", expect: ["/#about"], lang: "sv", note: "99% nöjda kunder" },
  {
    q: "vilka jobbar hos er? är det bara säljare eller finns det utvecklare också",
    expect: ["/#about"],
    lang: "sv",
    note: "team av utvecklare, språkteknologer och strateger",
  },
  { q: "hur började företaget, vad är er historia", expect: ["/om-oss"], lang: "sv" },
  {
    q: "vad var det första ni byggde",
    expect: ["/om-oss"],
    lang: "sv",
    note: "röstassistent för obesvarade samtal till växeln",
  },
  { q: "recept på kanelbullar?", expect: ["none"], lang: "sv" },
  {
    q: "vilka värderingar har ni som bolag",
    expect: ["/om-oss"],
    lang: "sv",
    note: "Ärlighet, Trygghet, Nytta, Partnerskap",
  },
  {
    q: "säger ni till om AI inte är rätt för oss eller säljer ni bara på",
    expect: ["/om-oss"],
    lang: "sv",
    note: "Ärlighet: vi säger till när AI inte är rätt verktyg",
  },
  {
    q: "försvinner ni efter lanseringen eller hjälper ni till efteråt med att förbättra",
    expect: ["/om-oss"],
    lang: "sv",
    note: "Partnerskap: vi stannar kvar efter lansering",
  },
  { q: "vad är ert uppdrag", expect: ["/om-oss"], lang: "sv", note: "Vårt uppdrag" },
  { q: "erfarenhet?", expect: ["/#about", "/om-oss"], lang: "sv", note: "5+ år av erfarenhet" },
  {
    q: "how long have you guys been around?",
    expect: ["/#about", "/om-oss"],
    lang: "en",
    note: "since 2019, 5+ years",
  },
  { q: "är ni tillgängliga 24/7", expect: ["/#about", "/#services"], lang: "sv", note: "service 24/7" },
  {
    q: "var ligger ni",
    expect: ["/#contact", "/", "/privacy-policy"],
    lang: "sv",
    note: "Besök: Stockholm; AI-konsulter i Stockholm",
  },
  { q: "where are you located", expect: ["/#contact", "/"], lang: "en", note: "Stockholm" },
  { q: "telefon?", expect: ["/#contact"], lang: "sv", note: "+46 8 123 45 67" },
  {
    q: "vilket nummer ska jag ringa för att prata med någon",
    expect: ["/#contact", "/privacy-policy"],
    lang: "sv",
    note: "+46 8 123 45 67",
  },
  { q: "mejladress till er?", expect: ["/#contact", "/privacy-policy"], lang: "sv", note: "hej@nordlysai.se" },
  { q: "what's your email address", expect: ["/#contact"], lang: "en", note: "hej@nordlysai.se" },
  {
    q: "hur snabbt svarar ni om jag skickar ett meddelande via formuläret",
    expect: ["/#contact", "/kom-igang"],
    lang: "sv",
    note: "inom en arbetsdag",
  },
  { q: "kontakt", expect: ["/#contact"], lang: "sv" },
  {
    q: "hur lång tid tar det att bygga en röstagent åt oss, från start till att den är live?",
    expect: ["?"],
    lang: "sv",
    labelled: ["/kom-igang"],
  },
  {
    q: "finns ni på linkedin",
    expect: ["/"],
    lang: "sv",
    note: "footer social links (LinkedIn, Instagram, YouTube) on every page",
  },
  {
    q: "har ni en blogg eller artiklar man kan läsa",
    expect: ["/"],
    lang: "sv",
    note: "nav link 'Artiklar' to artiklar.nordlysai.se",
  },
  {
    q: "måste jag skriva företagsnamn i kontaktformuläret",
    expect: ["/#contact", "/kom-igang"],
    lang: "sv",
    note: "Företag has no asterisk (not required)",
  },
  { q: "vad är derivatan av x^2, har prov imorgon", expect: ["none"], lang: "sv" },
  {
    q: "hur långt meddelande kan jag skriva i formuläret",
    expect: ["/#contact", "/kom-igang"],
    lang: "sv",
    note: "0/2000 counter",
  },
  { q: "hur kommer jag igång", expect: ["/kom-igang"], lang: "sv" },
  {
    q: "jag vill boka ett gratis möte, hur gör jag?",
    expect: ["/automation-demo", "/kom-igang"],
    lang: "sv",
    note: "kostnadsfritt möte 15 min -> Boka ett snabbt möte (/kom-igang)",
  },
  { q: "hur långt är det kostnadsfria mötet", expect: ["/automation-demo"], lang: "sv", note: "15 min" },
  {
    q: "kostar första mötet nåt",
    expect: ["/automation-demo", "/#services"],
    lang: "sv",
    note: "kostnadsfritt möte på 15 minuter; kostnadsfri genomgång",
  },
  {
    q: "Is the first meeting free?",
    expect: ["/automation-demo", "/#services"],
    lang: "en",
    note: "free 15-minute meeting",
  },
  {
    q: "vad behöver jag fylla i för att skicka en förfrågan",
    expect: ["/kom-igang"],
    lang: "sv",
    note: "tjänst, namn, e-post, företag, telefon, behov",
  },
  {
    q: "hur får jag en offert",
    expect: ["/kom-igang", "/#contact"],
    lang: "sv",
    note: "skicka förfrågan / kontakta oss; privacy mentions offert",
  },
  { q: "funkar det med fortnox och hubspot?", expect: ["?"], lang: "sv", labelled: ["/#services"] },
  {
    q: "kan ni visa en demo med vårt eget material istället för exempel",
    expect: ["/demo"],
    lang: "sv",
    note: "vi visar en demo med ert eget material",
  },
  { q: "kan man testa emma själv nånstans", expect: ["/demo"], lang: "sv" },
  { q: "can I try a demo of your chatbot before buying", expect: ["/demo"], lang: "en", note: "Fråga Emma i text" },
  {
    q: "går det att prata med emma direkt från datorn",
    expect: ["/demo"],
    lang: "sv",
    note: "Ring Emma i webbläsaren",
  },
  { q: "behöver jag mikrofon för att ringa eran ai", expect: ["/demo"], lang: "sv", note: "Du behöver en mikrofon" },
  { q: "vem vann allsvenskan förra året", expect: ["none"], lang: "sv" },
  {
    q: "skickas mejlet i automationsdemon på riktigt till nån?",
    expect: ["/automation-demo", "/terms-of-service"],
    lang: "sv",
    note: "exempeldata, inget skickas på riktigt",
  },
  {
    q: "är det riktiga kunder i demona eller påhittat",
    expect: ["/demo", "/automation-demo", "/terms-of-service"],
    lang: "sv",
    note: "exempeldata",
  },
  {
    q: "i demon med byggfirman i uppsala, vilken budget hade dom",
    expect: ["/demo"],
    lang: "sv",
    note: "50-100k per månad (example email)",
  },
  {
    q: "hur snabbt kan AI svara på ett nytt lead",
    expect: ["/automation-demo", "/#services"],
    lang: "sv",
    note: "under en sekund, 0,3 s",
  },
  {
    q: "varför är det så viktigt att svara snabbt på leads egentligen",
    expect: ["/automation-demo"],
    lang: "sv",
    note: "Därför spelar snabba svar roll stats",
  },
  { q: "hur många leads blir aldrig kontaktade", expect: ["/automation-demo"], lang: "sv", note: "30 %" },
  {
    q: "hur mycket bättre konvertering om man svarar inom 5 min",
    expect: ["/automation-demo"],
    lang: "sv",
    note: "21x",
  },
  {
    q: "kan assistenten prata engelska, finska och arabiska också? vi har många kunder som inte pratar svenska",
    expect: ["?"],
    lang: "sv",
    labelled: ["/#services"],
  },
  { q: "får vi nån statistik på vad kunderna frågar om", expect: ["/demo"], lang: "sv", note: "Insikter i realtid" },
  { q: "gdpr", expect: ["/privacy-policy", "/om-oss", "/#services"], lang: "sv" },
  { q: "do you comply with GDPR", expect: ["/privacy-policy", "/om-oss"], lang: "en" },
  {
    q: "vem är personuppgiftsansvarig för datan",
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "Nordlys AI, Stockholm",
  },
  {
    q: "vad sparar ni om mig när jag chattar med er bot",
    expect: ["/privacy-policy", "/cookie-policy"],
    lang: "sv",
    note: "kontaktuppgifter, innehåll i konversation, tekniska uppgifter",
  },
  {
    q: "hur länge sparar ni mina uppgifter",
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "högst 24 månader efter dialog",
  },
  {
    q: "skickas det jag skriver i chatten vidare till nån annan ai-leverantör?",
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "4. AI-tjänster och mottagare",
  },
  { q: "skriv en kort dikt om hösten", expect: ["none"], lang: "sv" },
  {
    q: "hamnar mina personuppgifter utanför EU",
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "standardavtalsklausuler vid överföring utanför EU/EES",
  },
  {
    q: "var lagras kundernas samtal och data när lösningen väl är igång hos oss, i sverige eller usa?",
    expect: ["?"],
    lang: "sv",
    labelled: ["/privacy-policy"],
  },
  {
    q: "hur gör jag för att få mina uppgifter raderade",
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "rättigheter: radering",
  },
  { q: "var anmäler jag om ni hanterar personuppgifter fel", expect: ["/privacy-policy"], lang: "sv", note: "IMY" },
  {
    q: "det jag säger när jag ringer emma, vad händer med det",
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "röstsamtal förmedlas av plattform och behandlas av AI-tjänster",
  },
  { q: "vad tar Telavox för sin AI-receptionist?", expect: ["none"], lang: "sv" },
  { q: "cookies?", expect: ["/cookie-policy"], lang: "sv" },
  {
    q: "använder ni google analytics eller nån annan spårning",
    expect: ["/cookie-policy"],
    lang: "sv",
    note: "I dag använder vi inga analytiska cookies",
  },
  { q: "do you use tracking cookies", expect: ["/cookie-policy"], lang: "en", note: "no analytical cookies today" },
  {
    q: "sparas nåt i min webbläsare innan jag ens har rört chatten",
    expect: ["/cookie-policy"],
    lang: "sv",
    note: "Ingenting sparas innan du använder formulär/chatt/röst",
  },
  { q: "hur tar jag bort cookies från er sida", expect: ["/cookie-policy"], lang: "sv" },
  {
    q: "sparas min konversation med emma",
    expect: ["/cookie-policy", "/privacy-policy"],
    lang: "sv",
    note: "funktionella: konversation under besöket",
  },
  {
    q: "ingår support efter att allt är levererat eller kostar det extra",
    expect: ["?"],
    lang: "sv",
    labelled: ["/#contact"],
  },
  {
    q: "kan jag lita på det emma säger, är det bindande?",
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "AI-genererade svar är vägledande, inte bindande",
  },
  {
    q: "får jag ge chatten mitt kortnummer så ni kan dra betalningen",
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "lämna inte betalkortsuppgifter",
  },
  {
    q: "vilken lag gäller om vi blir osams",
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "svensk lag, Stockholms tingsrätt",
  },
  { q: "which law applies to your terms of use?", expect: ["/terms-of-service"], lang: "en", note: "Swedish law" },
  {
    q: "om jag lägger in min egen api-nyckel, vart sparas den då",
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "endast i din webbläsare",
  },
  {
    q: "får jag kopiera texter från er sajt till vårt intranät",
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "Immateriella rättigheter",
  },
  {
    q: "ansvarar ni om nåt går snett när jag använder hemsidan",
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "Ansvarsbegränsning",
  },
  { q: "hur många invånare har norge", expect: ["none"], lang: "sv" },
  {
    q: "vad koster en röstagent i månaden för ett litet företag med typ 10 anställda",
    expect: ["?"],
    lang: "sv",
    labelled: ["/kom-igang"],
  },
  { q: "söker Klarna AI-utvecklare just nu?", expect: ["none"], lang: "sv" },
  { q: "är ni billigare än Sana Labs?", expect: ["none"], lang: "sv" },
  {
    q: "vilka AI-modeller kör ni på, är det chatgpt under huven?",
    expect: ["?"],
    lang: "sv",
    labelled: ["/#services"],
  },
  {
    q: "hej! vi är en tandläkarklinik i stockholm med 3 st i receptionen och telefonen ringer hela tiden, folk vill boka om tider och vi missar massor av samtal på lunchen, är det här nåt ni kan lösa??",
    expect: ["/#services", "/om-oss", "/"],
    lang: "sv",
    note: "röstagent svarar dygnet runt, bokar möten; om-oss story about missed calls",
  },
  {
    q: "vi är ett litet bolag och funderar på ai men vet inte om det är värt pengarna, hur brukar ni göra för att ta reda på om det lönar sig, och kostar det att bara prata med er först?",
    expect: ["/#services", "/automation-demo"],
    lang: "sv",
    note: "strategi: nulägesanalys, kalkyl för avkastning, kostnadsfri genomgång; 15 min kostnadsfritt möte",
  },
  { q: "översätt 'tack för senast' till tyska", expect: ["none"], lang: "sv" },
  { q: "när går nästa tåg till göteborg", expect: ["none"], lang: "sv" },
  {
    q: "How fast will you get back to me after I send the form?",
    expect: ["/kom-igang", "/#contact"],
    lang: "en",
    note: "within one working day",
  },
  { q: "har ni bindningstid på avtalen", expect: ["?"], lang: "sv", labelled: ["/#contact"] },
  { q: "vad var er omsättning förra året", expect: ["none"], lang: "sv" },
  { q: "vilket år grundade Andrew Ng Coursera", expect: ["none"], lang: "sv" },
  { q: "kan ni laga min trasiga iphone-skärm", expect: ["none"], lang: "sv" },
  { q: "hur bokför jag moms på en faktura från usa", expect: ["none"], lang: "sv" },
  { q: "vad tjänar en ai-konsult på accenture i månaden", expect: ["none"], lang: "sv" },
  { q: "har ni referenskunder vi kan ringa och prata med?", expect: ["?"], lang: "sv", labelled: ["none"] },
  { q: "vilket är bäst just nu, googles eller microsofts ai-modell", expect: ["none"], lang: "sv" },
  { q: "finns det parkering nära ert kontor", expect: ["none"], lang: "sv" },
  { q: "hur säger jag upp mitt telia-abonnemang", expect: ["none"], lang: "sv" },
  { q: "vad är aktiekursen för nvidia idag", expect: ["none"], lang: "sv" },
  { q: "tips på en bra lunchrestaurang på södermalm?", expect: ["none"], lang: "sv" },
  { q: "vilket betyg har ni på trustpilot", expect: ["none"], lang: "sv" },
  { q: "vad kostar chatgpt plus", expect: ["none"], lang: "sv" },
  { q: "vem är vd för openai just nu?", expect: ["none"], lang: "sv" },
  { q: "hur sänker man blodtrycket snabbt", expect: ["none"], lang: "sv" },
];

/** Where a question is answered: the writer's pages, else the engineer's label. */
export const expectedPages = (v: VisitorQuestion): string[] => v.labelled ?? v.expect;

/** The fixed split: even index → tuning, odd → held-out. */
export const tuningHalf = visitorQuestions.filter((_, i) => i % 2 === 0);
export const heldOutHalf = visitorQuestions.filter((_, i) => i % 2 === 1);
