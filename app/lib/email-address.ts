/** A pragmatic address check: something@something.tld, no spaces (inputs are also type=email). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
