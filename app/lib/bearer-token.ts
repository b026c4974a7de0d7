/**
 * Whether a (trimmed) key can travel as a bearer token. An HTTP header takes Latin-1 at most:
 * fetch() throws for anything beyond it and sends characters such as 'å' as single bytes, not
 * UTF-8, so the service would see something other than what was typed. Keys of the services we
 * call (AI providers, Vapi) are visible ASCII without spaces; anything else can never work.
 */
export function isBearerToken(value: string): boolean {
  return /^[\x21-\x7E]+$/.test(value);
}
