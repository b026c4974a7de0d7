/**
 * Whether a trimmed key can travel as a bearer token: fetch() throws beyond Latin-1 and sends 'å'
 * as one byte, and the keys of our services (AI providers, Vapi) are visible ASCII anyway.
 */
export function isBearerToken(value: string): boolean {
  return /^[\x21-\x7E]+$/.test(value);
}
