export interface Quote {
  text: string;
  author: string;
}

/** 18 quotes for the landing page carousel (spec §9), translated faithfully into Swedish. */
export const quotes: Quote[] = [
  { text: "Artificiell intelligens är den nya elektriciteten.", author: "Andrew Ng" },
  { text: "Det bästa sättet att förutsäga framtiden är att skapa den.", author: "Peter Drucker" },
  { text: "Tekniken är bäst när den för människor samman.", author: "Matt Mullenweg" },
  {
    text: "Vi överskattar alltid förändringen de närmaste två åren och underskattar den de närmaste tio.",
    author: "Bill Gates",
  },
  { text: "Allt som kan automatiseras kommer att automatiseras.", author: "Shoshana Zuboff" },
  { text: "Innovation skiljer en ledare från en efterföljare.", author: "Steve Jobs" },
  { text: "Frågan är inte om maskiner kan tänka, utan om människor gör det.", author: "B. F. Skinner" },
  {
    text: "AI kommer inte att ersätta chefer, men chefer som använder AI kommer att ersätta dem som inte gör det.",
    author: "Erik Brynjolfsson",
  },
  { text: "Din mest missnöjda kund är din största källa till lärdom.", author: "Bill Gates" },
  { text: "Framtiden är redan här – den är bara inte jämnt fördelad.", author: "William Gibson" },
  { text: "Kvalitet är inte en handling, det är en vana.", author: "Aristoteles" },
  { text: "Enkelhet är den yttersta sofistikeringen.", author: "Leonardo da Vinci" },
  { text: "Data är det nya råmaterialet för affärsverksamhet.", author: "Craig Mundie" },
  { text: "Maskininlärning är den sista uppfinning som mänskligheten någonsin behöver göra.", author: "Nick Bostrom" },
  { text: "Om du inte kan mäta det, kan du inte förbättra det.", author: "Lord Kelvin" },
  {
    text: "Kunderna bryr sig inte om hur mycket du vet förrän de vet hur mycket du bryr dig.",
    author: "Theodore Roosevelt",
  },
  {
    text: "Det är inte den starkaste arten som överlever, utan den som bäst anpassar sig till förändring.",
    author: "Leon C. Megginson",
  },
  {
    text: "Tid är den mest värdefulla resurs vi har – automatisera det som stjäl den.",
    author: "Emma, vår AI-assistent",
  },
];

export const quoteRotationMs = 6000;
