// Words that say little: "Vad kostar det?" and "kostar det" fall into one group.
const FILLER = new Set(
  "a av de dem den det detta du en er era ett för hur i ja jag kan man med mig nej ni och om på sig som till vad vi är å ".split(
    " ",
  ),
);

/** Alike questions share a key; filler words only are their own. @param {string} question */
export function questionKey(question) {
  const words = String(question)
    .toLowerCase()
    .normalize("NFC")
    .split(/[^\p{L}\p{N}[\]-]+/u)
    .filter(Boolean);
  const meaningful = [...new Set(words.filter((w) => !FILLER.has(w) && !/^\[.*\]$/.test(w)))].sort();
  return (meaningful.length > 0 ? meaningful : words).join(" ").slice(0, 200);
}
