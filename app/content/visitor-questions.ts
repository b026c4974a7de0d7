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
  /**
   * The passages (knowledge.ts ids) whose text answers it, judged by a helper who read only the
   * questions and the passages, never Emma's output (decision 027); [] when none does.
   */
  answers?: string[];
}

export const visitorQuestions: VisitorQuestion[] = [
  {
    q: "hej vad gör ni för nåt egentligen?",
    answers: ["home-hero", "faq-28", "canned-capabilities"],
    expect: ["/", "/#services", "/om-oss"],
    lang: "sv",
    note: "hero: röstagenter, chattassistenter och automation; services list",
  },
  {
    q: "vad är en röstagnet",
    answers: ["faq-24", "service-ai-voice-agents", "faq-10", "canned-capabilities"],
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "AI-Röstagenter card; demo 'Röstagent i telefon och webb'",
  },
  {
    q: "kan er AI svara i telefon mitt i natten när vi har stängt",
    answers: ["service-ai-voice-agents", "faq-10", "faq-11", "faq-21"],
    expect: ["/#services", "/", "/demo"],
    lang: "sv",
    note: "svarar i telefon dygnet runt",
  },
  { q: "pris?", answers: ["canned-pricing", "faq-3", "faq-23"], expect: ["?"], lang: "sv", labelled: ["/kom-igang"] },
  {
    q: "hur snabbt svarar röstagenten när nån ringer",
    answers: ["faq-11", "service-ai-voice-agents"],
    expect: ["/#services"],
    lang: "sv",
    note: "Svarar på 0,3 sekunder",
  },
  {
    q: "kan den boka in möten direkt i vår kalender eller måste vi göra det själva",
    answers: ["faq-10", "service-ai-voice-agents", "faq-24"],
    expect: ["/#services", "/demo", "/"],
    lang: "sv",
    note: "Bokar möten i din kalender",
  },
  {
    q: "om kunden vill prata med en riktig människa, kan röstgrejen koppla vidare till rätt person hos oss?",
    answers: ["faq-9", "service-ai-voice-agents"],
    expect: ["/#services"],
    lang: "sv",
    note: "Kopplar vidare till rätt person",
  },
  {
    q: "pratar den svenska?",
    answers: ["canned-languages", "faq-5", "service-ai-voice-agents", "faq-10"],
    expect: ["/#services", "/demo", "/"],
    lang: "sv",
    note: "naturlig svenska; Emma förstår vardaglig svenska",
  },
  {
    q: "Do you build voice agents that can pick up phone calls for us?",
    answers: ["service-ai-voice-agents", "faq-10", "canned-capabilities", "faq-24"],
    expect: ["/#services", "/demo"],
    lang: "en",
    note: "AI-Röstagenter card",
  },
  {
    q: "har ni chatbot till hemsidan",
    answers: ["service-virtual-assistant", "faq-24", "canned-capabilities"],
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "Virtuell Assistent: chattassistenter på webben",
  },
  {
    q: "vad är skillnaden mellan röstagent och virtuell assistent hos er",
    answers: ["faq-24", "service-ai-voice-agents", "service-virtual-assistant"],
    expect: ["/#services"],
    lang: "sv",
    note: "voice = phone, virtual assistant = web chat",
  },
  {
    q: "kan chattboten tränas på våra egna dokument och prislistor?",
    answers: ["faq-12", "service-virtual-assistant"],
    expect: ["/#services"],
    lang: "sv",
    note: "Tränas på ert eget material",
  },
  {
    q: "vad händer om chatten inte kan svara, får kunden prata med en människa då",
    answers: ["faq-13", "faq-9", "service-virtual-assistant"],
    expect: ["/#services"],
    lang: "sv",
    note: "Lämnar över till människa vid behov",
  },
  {
    q: "samlar chatten in kontaktuppgifter från besökare? vi vill ha fler leads",
    answers: ["service-virtual-assistant", "faq-13", "canned-capabilities"],
    expect: ["/#services"],
    lang: "sv",
    note: "Samlar in kontaktuppgifter, fångar leads",
  },
  {
    q: "vad för slags automation gör ni",
    answers: ["service-automation", "faq-18", "canned-capabilities"],
    expect: ["/#services", "/demo", "/automation-demo"],
    lang: "sv",
    note: "sorterar e-post, skriver personliga svar, för in data i era system",
  },
  {
    q: "funkar det ihop med vårt crm",
    answers: ["faq-2", "canned-customization", "service-automation"],
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "Integration med CRM och e-post; demo hämtar kundhistorik från CRM",
  },
  {
    q: "hur mycket tid sparar man på administration",
    answers: ["service-automation", "faq-18"],
    expect: ["/#services", "/automation-demo"],
    lang: "sv",
    note: "40 % mindre tid på administration",
  },
  {
    q: "kan AI sortera alla mejl som kommer in till info-adressen?",
    answers: ["service-automation", "faq-18"],
    expect: ["/#services", "/demo"],
    lang: "sv",
    note: "sorterar e-post; demo 'Inkommande mejl sorteras'",
  },
  {
    q: "automationsdemo",
    answers: ["automation-demo", "demo-email"],
    expect: ["/automation-demo", "/demo"],
    lang: "sv",
  },
  {
    q: "vi har ingen aning om var vi ska börja med AI, kan ni hjälpa oss att ta fram en plan",
    answers: ["service-strategy-consultation", "faq-17"],
    expect: ["/#services"],
    lang: "sv",
    note: "AI-Strategikonsultation",
  },
  {
    q: "räknar ni på avkastningen, typ ROI innan vi sätter igång?",
    answers: ["service-strategy-consultation", "faq-17"],
    expect: ["/#services"],
    lang: "sv",
    note: "Kalkyl för avkastning",
  },
  {
    q: "är genomgången för strategi gratis",
    answers: ["faq-16", "faq-29"],
    expect: ["/#services"],
    lang: "sv",
    note: "Kontakta oss för en kostnadsfri genomgång",
  },
  {
    q: "hur många olika tjänster erbjuder ni?",
    answers: ["canned-capabilities"],
    expect: ["/#services", "/kom-igang"],
    lang: "sv",
    note: "Fyra sätt...; four options on /kom-igang",
  },
  { q: "vad väder blir det i stockholm i helgen", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "kan ni svara våra kunder på kvällar och helger också",
    answers: ["faq-21", "service-ai-voice-agents", "faq-11", "faq-10"],
    expect: ["/", "/#services", "/demo"],
    lang: "sv",
    note: "hero chat example: svarar dygnet runt",
  },
  {
    q: "vem är emma",
    answers: ["privacy-intro", "terms-intro", "demo-center"],
    expect: ["/demo", "/"],
    lang: "sv",
    note: "Emma, AI-assistent; demo page",
  },
  {
    q: "hur länge har ni funnits",
    answers: ["faq-27", "about-section", "faq-28", "om-oss-story"],
    expect: ["/#about", "/om-oss"],
    lang: "sv",
    note: "sedan 2019",
  },
  {
    q: "hur många ai-projekt har ni gjort",
    answers: ["about-section", "om-oss-story", "faq-27"],
    expect: ["/#about", "/om-oss"],
    lang: "sv",
    note: "50+ / över 50 AI-projekt",
  },
  {
    q: "hur nöjda är era kunder typ",
    answers: ["about-section"],
    expect: ["/#about"],
    lang: "sv",
    note: "99% nöjda kunder",
  },
  {
    q: "vilka jobbar hos er? är det bara säljare eller finns det utvecklare också",
    answers: ["about-section", "faq-28"],
    expect: ["/#about"],
    lang: "sv",
    note: "team av utvecklare, språkteknologer och strateger",
  },
  {
    q: "hur började företaget, vad är er historia",
    answers: ["om-oss-story", "faq-27"],
    expect: ["/om-oss"],
    lang: "sv",
  },
  {
    q: "vad var det första ni byggde",
    answers: ["om-oss-story", "faq-27"],
    expect: ["/om-oss"],
    lang: "sv",
    note: "röstassistent för obesvarade samtal till växeln",
  },
  { q: "recept på kanelbullar?", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "vilka värderingar har ni som bolag",
    answers: ["om-oss-values"],
    expect: ["/om-oss"],
    lang: "sv",
    note: "Ärlighet, Trygghet, Nytta, Partnerskap",
  },
  {
    q: "säger ni till om AI inte är rätt för oss eller säljer ni bara på",
    answers: ["om-oss-values"],
    expect: ["/om-oss"],
    lang: "sv",
    note: "Ärlighet: vi säger till när AI inte är rätt verktyg",
  },
  {
    q: "försvinner ni efter lanseringen eller hjälper ni till efteråt med att förbättra",
    answers: ["faq-7", "canned-support", "faq-22"],
    expect: ["/om-oss"],
    lang: "sv",
    note: "Partnerskap: vi stannar kvar efter lansering",
  },
  { q: "vad är ert uppdrag", answers: ["om-oss-mission"], expect: ["/om-oss"], lang: "sv", note: "Vårt uppdrag" },
  {
    q: "erfarenhet?",
    answers: ["about-section", "faq-27", "om-oss-story"],
    expect: ["/#about", "/om-oss"],
    lang: "sv",
    note: "5+ år av erfarenhet",
  },
  {
    q: "how long have you guys been around?",
    answers: ["faq-27", "about-section", "faq-28", "om-oss-story"],
    expect: ["/#about", "/om-oss"],
    lang: "en",
    note: "since 2019, 5+ years",
  },
  {
    q: "är ni tillgängliga 24/7",
    answers: ["about-section", "faq-21", "canned-support", "faq-7"],
    expect: ["/#about", "/#services"],
    lang: "sv",
    note: "service 24/7",
  },
  {
    q: "var ligger ni",
    answers: ["contact", "faq-30", "faq-28", "home-hero", "privacy-1"],
    expect: ["/#contact", "/", "/privacy-policy"],
    lang: "sv",
    note: "Besök: Stockholm; AI-konsulter i Stockholm",
  },
  {
    q: "where are you located",
    answers: ["contact", "faq-30", "faq-28", "home-hero", "privacy-1"],
    expect: ["/#contact", "/"],
    lang: "en",
    note: "Stockholm",
  },
  {
    q: "telefon?",
    answers: ["contact", "faq-30", "faq-29", "canned-support", "faq-7", "privacy-1"],
    expect: ["/#contact"],
    lang: "sv",
    note: "+46 8 123 45 67",
  },
  {
    q: "vilket nummer ska jag ringa för att prata med någon",
    answers: ["contact", "faq-30", "faq-29", "canned-support", "faq-7", "privacy-1"],
    expect: ["/#contact", "/privacy-policy"],
    lang: "sv",
    note: "+46 8 123 45 67",
  },
  {
    q: "mejladress till er?",
    answers: ["contact", "faq-30", "canned-support", "faq-7", "privacy-1"],
    expect: ["/#contact", "/privacy-policy"],
    lang: "sv",
    note: "hej@nordlysai.se",
  },
  {
    q: "what's your email address",
    answers: ["contact", "faq-30", "canned-support", "faq-7", "privacy-1"],
    expect: ["/#contact"],
    lang: "en",
    note: "hej@nordlysai.se",
  },
  {
    q: "hur snabbt svarar ni om jag skickar ett meddelande via formuläret",
    answers: ["faq-30", "get-started", "contact", "faq-16"],
    expect: ["/#contact", "/kom-igang"],
    lang: "sv",
    note: "inom en arbetsdag",
  },
  { q: "kontakt", answers: ["faq-30", "contact", "privacy-1"], expect: ["/#contact"], lang: "sv" },
  {
    q: "hur lång tid tar det att bygga en röstagent åt oss, från start till att den är live?",
    answers: ["canned-implementation", "faq-6"],
    expect: ["?"],
    lang: "sv",
    labelled: ["/kom-igang"],
  },
  {
    q: "finns ni på linkedin",
    answers: ["links"],
    expect: ["/"],
    lang: "sv",
    note: "footer social links (LinkedIn, Instagram, YouTube) on every page",
  },
  {
    q: "har ni en blogg eller artiklar man kan läsa",
    answers: ["links"],
    expect: ["/"],
    lang: "sv",
    note: "nav link 'Artiklar' to artiklar.nordlysai.se",
  },
  {
    q: "måste jag skriva företagsnamn i kontaktformuläret",
    answers: [],
    expect: ["/#contact", "/kom-igang"],
    lang: "sv",
    note: "Företag has no asterisk (not required)",
  },
  { q: "vad är derivatan av x^2, har prov imorgon", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "hur långt meddelande kan jag skriva i formuläret",
    answers: [],
    expect: ["/#contact", "/kom-igang"],
    lang: "sv",
    note: "0/2000 counter",
  },
  { q: "hur kommer jag igång", answers: ["get-started", "faq-16"], expect: ["/kom-igang"], lang: "sv" },
  {
    q: "jag vill boka ett gratis möte, hur gör jag?",
    answers: ["faq-16", "get-started", "faq-29"],
    expect: ["/automation-demo", "/kom-igang"],
    lang: "sv",
    note: "kostnadsfritt möte 15 min -> Boka ett snabbt möte (/kom-igang)",
  },
  {
    q: "hur långt är det kostnadsfria mötet",
    answers: ["faq-16", "faq-29", "automation-demo"],
    expect: ["/automation-demo"],
    lang: "sv",
    note: "15 min",
  },
  {
    q: "kostar första mötet nåt",
    answers: ["faq-16", "faq-29", "automation-demo"],
    expect: ["/automation-demo", "/#services"],
    lang: "sv",
    note: "kostnadsfritt möte på 15 minuter; kostnadsfri genomgång",
  },
  {
    q: "Is the first meeting free?",
    answers: ["faq-16", "faq-29", "automation-demo"],
    expect: ["/automation-demo", "/#services"],
    lang: "en",
    note: "free 15-minute meeting",
  },
  {
    q: "vad behöver jag fylla i för att skicka en förfrågan",
    answers: ["get-started", "faq-16", "privacy-2"],
    expect: ["/kom-igang"],
    lang: "sv",
    note: "tjänst, namn, e-post, företag, telefon, behov",
  },
  {
    q: "hur får jag en offert",
    answers: ["get-started", "canned-pricing", "faq-3"],
    expect: ["/kom-igang", "/#contact"],
    lang: "sv",
    note: "skicka förfrågan / kontakta oss; privacy mentions offert",
  },
  {
    q: "funkar det med fortnox och hubspot?",
    answers: ["faq-2", "canned-customization"],
    expect: ["?"],
    lang: "sv",
    labelled: ["/#services"],
  },
  {
    q: "kan ni visa en demo med vårt eget material istället för exempel",
    answers: ["faq-15"],
    expect: ["/demo"],
    lang: "sv",
    note: "vi visar en demo med ert eget material",
  },
  {
    q: "kan man testa emma själv nånstans",
    answers: ["faq-15", "demo-center", "demo-voice"],
    expect: ["/demo"],
    lang: "sv",
  },
  {
    q: "can I try a demo of your chatbot before buying",
    answers: ["faq-15", "demo-center"],
    expect: ["/demo"],
    lang: "en",
    note: "Fråga Emma i text",
  },
  {
    q: "går det att prata med emma direkt från datorn",
    answers: ["demo-voice", "demo-center"],
    expect: ["/demo"],
    lang: "sv",
    note: "Ring Emma i webbläsaren",
  },
  {
    q: "behöver jag mikrofon för att ringa eran ai",
    answers: ["demo-voice"],
    expect: ["/demo"],
    lang: "sv",
    note: "Du behöver en mikrofon",
  },
  { q: "vem vann allsvenskan förra året", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "skickas mejlet i automationsdemon på riktigt till nån?",
    answers: ["automation-demo"],
    expect: ["/automation-demo", "/terms-of-service"],
    lang: "sv",
    note: "exempeldata, inget skickas på riktigt",
  },
  {
    q: "är det riktiga kunder i demona eller påhittat",
    answers: ["automation-demo", "demo-center", "terms-1"],
    expect: ["/demo", "/automation-demo", "/terms-of-service"],
    lang: "sv",
    note: "exempeldata",
  },
  {
    q: "i demon med byggfirman i uppsala, vilken budget hade dom",
    answers: [],
    expect: ["/demo"],
    lang: "sv",
    note: "50-100k per månad (example email)",
  },
  {
    q: "hur snabbt kan AI svara på ett nytt lead",
    answers: ["automation-demo", "service-automation", "faq-18"],
    expect: ["/automation-demo", "/#services"],
    lang: "sv",
    note: "under en sekund, 0,3 s",
  },
  {
    q: "varför är det så viktigt att svara snabbt på leads egentligen",
    answers: ["automation-stats"],
    expect: ["/automation-demo"],
    lang: "sv",
    note: "Därför spelar snabba svar roll stats",
  },
  {
    q: "hur många leads blir aldrig kontaktade",
    answers: ["automation-stats"],
    expect: ["/automation-demo"],
    lang: "sv",
    note: "30 %",
  },
  {
    q: "hur mycket bättre konvertering om man svarar inom 5 min",
    answers: ["automation-stats"],
    expect: ["/automation-demo"],
    lang: "sv",
    note: "21x",
  },
  {
    q: "kan assistenten prata engelska, finska och arabiska också? vi har många kunder som inte pratar svenska",
    answers: ["canned-languages", "faq-5"],
    expect: ["?"],
    lang: "sv",
    labelled: ["/#services"],
  },
  {
    q: "får vi nån statistik på vad kunderna frågar om",
    answers: ["faq-22", "faq-13"],
    expect: ["/demo"],
    lang: "sv",
    note: "Insikter i realtid",
  },
  {
    q: "gdpr",
    answers: ["faq-19", "canned-security", "privacy-intro"],
    expect: ["/privacy-policy", "/om-oss", "/#services"],
    lang: "sv",
  },
  {
    q: "do you comply with GDPR",
    answers: ["faq-19", "canned-security", "om-oss-values", "privacy-intro"],
    expect: ["/privacy-policy", "/om-oss"],
    lang: "en",
  },
  {
    q: "vem är personuppgiftsansvarig för datan",
    answers: ["privacy-1"],
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "Nordlys AI, Stockholm",
  },
  {
    q: "vad sparar ni om mig när jag chattar med er bot",
    answers: ["privacy-2", "cookies-2"],
    expect: ["/privacy-policy", "/cookie-policy"],
    lang: "sv",
    note: "kontaktuppgifter, innehåll i konversation, tekniska uppgifter",
  },
  {
    q: "hur länge sparar ni mina uppgifter",
    answers: ["privacy-5"],
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "högst 24 månader efter dialog",
  },
  {
    q: "skickas det jag skriver i chatten vidare till nån annan ai-leverantör?",
    answers: ["privacy-4"],
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "4. AI-tjänster och mottagare",
  },
  { q: "skriv en kort dikt om hösten", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "hamnar mina personuppgifter utanför EU",
    answers: ["faq-4", "canned-security"],
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "standardavtalsklausuler vid överföring utanför EU/EES",
  },
  {
    q: "var lagras kundernas samtal och data när lösningen väl är igång hos oss, i sverige eller usa?",
    answers: ["faq-4", "canned-security"],
    expect: ["?"],
    lang: "sv",
    labelled: ["/privacy-policy"],
  },
  {
    q: "hur gör jag för att få mina uppgifter raderade",
    answers: ["privacy-6"],
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "rättigheter: radering",
  },
  {
    q: "var anmäler jag om ni hanterar personuppgifter fel",
    answers: ["privacy-6"],
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "IMY",
  },
  {
    q: "det jag säger när jag ringer emma, vad händer med det",
    answers: ["privacy-4", "privacy-2"],
    expect: ["/privacy-policy"],
    lang: "sv",
    note: "röstsamtal förmedlas av plattform och behandlas av AI-tjänster",
  },
  { q: "vad tar Telavox för sin AI-receptionist?", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "cookies?",
    answers: ["cookies-intro", "cookies-3", "cookies-1", "cookies-2", "cookies-4"],
    expect: ["/cookie-policy"],
    lang: "sv",
  },
  {
    q: "använder ni google analytics eller nån annan spårning",
    answers: ["cookies-3"],
    expect: ["/cookie-policy"],
    lang: "sv",
    note: "I dag använder vi inga analytiska cookies",
  },
  {
    q: "do you use tracking cookies",
    answers: ["cookies-3"],
    expect: ["/cookie-policy"],
    lang: "en",
    note: "no analytical cookies today",
  },
  {
    q: "sparas nåt i min webbläsare innan jag ens har rört chatten",
    answers: ["cookies-intro"],
    expect: ["/cookie-policy"],
    lang: "sv",
    note: "Ingenting sparas innan du använder formulär/chatt/röst",
  },
  { q: "hur tar jag bort cookies från er sida", answers: ["cookies-4"], expect: ["/cookie-policy"], lang: "sv" },
  {
    q: "sparas min konversation med emma",
    answers: ["cookies-2", "privacy-2"],
    expect: ["/cookie-policy", "/privacy-policy"],
    lang: "sv",
    note: "funktionella: konversation under besöket",
  },
  {
    q: "ingår support efter att allt är levererat eller kostar det extra",
    answers: ["faq-7", "canned-support"],
    expect: ["?"],
    lang: "sv",
    labelled: ["/#contact"],
  },
  {
    q: "kan jag lita på det emma säger, är det bindande?",
    answers: ["terms-2"],
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "AI-genererade svar är vägledande, inte bindande",
  },
  {
    q: "får jag ge chatten mitt kortnummer så ni kan dra betalningen",
    answers: ["terms-3"],
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "lämna inte betalkortsuppgifter",
  },
  {
    q: "vilken lag gäller om vi blir osams",
    answers: ["terms-7"],
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "svensk lag, Stockholms tingsrätt",
  },
  {
    q: "which law applies to your terms of use?",
    answers: ["terms-7"],
    expect: ["/terms-of-service"],
    lang: "en",
    note: "Swedish law",
  },
  {
    q: "om jag lägger in min egen api-nyckel, vart sparas den då",
    answers: ["terms-4"],
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "endast i din webbläsare",
  },
  {
    q: "får jag kopiera texter från er sajt till vårt intranät",
    answers: ["terms-5"],
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "Immateriella rättigheter",
  },
  {
    q: "ansvarar ni om nåt går snett när jag använder hemsidan",
    answers: ["terms-6"],
    expect: ["/terms-of-service"],
    lang: "sv",
    note: "Ansvarsbegränsning",
  },
  { q: "hur många invånare har norge", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "vad koster en röstagent i månaden för ett litet företag med typ 10 anställda",
    answers: ["canned-pricing", "faq-3"],
    expect: ["?"],
    lang: "sv",
    labelled: ["/kom-igang"],
  },
  { q: "söker Klarna AI-utvecklare just nu?", answers: [], expect: ["none"], lang: "sv" },
  { q: "är ni billigare än Sana Labs?", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "vilka AI-modeller kör ni på, är det chatgpt under huven?",
    answers: ["faq-26"],
    expect: ["?"],
    lang: "sv",
    labelled: ["/#services"],
  },
  {
    q: "hej! vi är en tandläkarklinik i stockholm med 3 st i receptionen och telefonen ringer hela tiden, folk vill boka om tider och vi missar massor av samtal på lunchen, är det här nåt ni kan lösa??",
    answers: ["service-ai-voice-agents", "faq-10", "faq-1"],
    expect: ["/#services", "/om-oss", "/"],
    lang: "sv",
    note: "röstagent svarar dygnet runt, bokar möten; om-oss story about missed calls",
  },
  {
    q: "vi är ett litet bolag och funderar på ai men vet inte om det är värt pengarna, hur brukar ni göra för att ta reda på om det lönar sig, och kostar det att bara prata med er först?",
    answers: ["faq-16", "faq-17", "service-strategy-consultation", "faq-23", "faq-29"],
    expect: ["/#services", "/automation-demo"],
    lang: "sv",
    note: "strategi: nulägesanalys, kalkyl för avkastning, kostnadsfri genomgång; 15 min kostnadsfritt möte",
  },
  { q: "översätt 'tack för senast' till tyska", answers: [], expect: ["none"], lang: "sv" },
  { q: "när går nästa tåg till göteborg", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "How fast will you get back to me after I send the form?",
    answers: ["faq-30", "contact", "get-started", "faq-16"],
    expect: ["/kom-igang", "/#contact"],
    lang: "en",
    note: "within one working day",
  },
  { q: "har ni bindningstid på avtalen", answers: ["faq-25"], expect: ["?"], lang: "sv", labelled: ["/#contact"] },
  { q: "vad var er omsättning förra året", answers: [], expect: ["none"], lang: "sv" },
  { q: "vilket år grundade Andrew Ng Coursera", answers: [], expect: ["none"], lang: "sv" },
  { q: "kan ni laga min trasiga iphone-skärm", answers: [], expect: ["none"], lang: "sv" },
  { q: "hur bokför jag moms på en faktura från usa", answers: [], expect: ["none"], lang: "sv" },
  { q: "vad tjänar en ai-konsult på accenture i månaden", answers: [], expect: ["none"], lang: "sv" },
  {
    q: "har ni referenskunder vi kan ringa och prata med?",
    answers: [],
    expect: ["?"],
    lang: "sv",
    labelled: ["none"],
  },
  { q: "vilket är bäst just nu, googles eller microsofts ai-modell", answers: [], expect: ["none"], lang: "sv" },
  { q: "finns det parkering nära ert kontor", answers: [], expect: ["none"], lang: "sv" },
  { q: "hur säger jag upp mitt telia-abonnemang", answers: [], expect: ["none"], lang: "sv" },
  { q: "vad är aktiekursen för nvidia idag", answers: [], expect: ["none"], lang: "sv" },
  { q: "tips på en bra lunchrestaurang på södermalm?", answers: [], expect: ["none"], lang: "sv" },
  { q: "vilket betyg har ni på trustpilot", answers: [], expect: ["none"], lang: "sv" },
  { q: "vad kostar chatgpt plus", answers: [], expect: ["none"], lang: "sv" },
  { q: "vem är vd för openai just nu?", answers: [], expect: ["none"], lang: "sv" },
  { q: "hur sänker man blodtrycket snabbt", answers: [], expect: ["none"], lang: "sv" },
];

/** Where a question is answered: the writer's pages, else the engineer's label. */
export const expectedPages = (v: VisitorQuestion): string[] => v.labelled ?? v.expect;

/** The fixed split: even index → tuning, odd → held-out. */
export const tuningHalf = visitorQuestions.filter((_, i) => i % 2 === 0);
export const heldOutHalf = visitorQuestions.filter((_, i) => i % 2 === 1);
