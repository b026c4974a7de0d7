/**
 * The Swedish genitive of a name, for copy built from the configured company name: "Nordlys AI"
 * → "Nordlys AI:s" (a name ending in a capital letter or a digit, as abbreviations do, takes a
 * colon), "Nordlys" → "Nordlys" (a name ending in s, x or z takes nothing), "Emma" → "Emmas".
 */
export function genitive(name: string): string {
  const trimmed = name.trim();
  if (/[sxz]$/i.test(trimmed)) return trimmed;
  if (/[\p{Lu}\d]$/u.test(trimmed)) return `${trimmed}:s`;
  return `${trimmed}s`;
}
