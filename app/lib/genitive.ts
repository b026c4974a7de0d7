/** The Swedish genitive: "Nordlys AI" → "Nordlys AI:s", "Nordlys" → "Nordlys", "Emma" → "Emmas". */
export function genitive(name: string): string {
  const trimmed = name.trim();
  if (/[sxz]$/i.test(trimmed)) return trimmed;
  if (/[\p{Lu}\d]$/u.test(trimmed)) return `${trimmed}:s`;
  return `${trimmed}s`;
}
