/** Digits with the usual separators, at least six of them ("070-123 45 67", "+46 8 123 45 67"). */
const PHONE = /^\+?[\d\s()./-]+$/u;

export function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  return PHONE.test(v) && (v.match(/\d/gu)?.length ?? 0) >= 6;
}
