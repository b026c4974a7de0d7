// fetch() throws beyond Latin-1 and sends 'å' as one byte; our services' keys are visible ASCII.
export function isBearerToken(value: string): boolean {
  return /^[\x21-\x7E]+$/.test(value);
}
