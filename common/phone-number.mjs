/** Dashes of any kind as a visitor's keyboard or autocorrect writes them ("070–123"). */
const DASHES = /[\u2010-\u2015\u2212]/gu;
/** Digits with the usual separators, "+46" or "(+46)" first ("070-123 45 67", "+46 8 123 45 67"). */
const PHONE = /^(?:\+|\(\+\d{1,3}\))?[\d\s()./-]+$/u;

/**
 * Whether a form's phone field holds a whole number: 7 to 15 digits (E.164's most), shared by
 * the browser's forms and the server's (server/routes/forms.mjs).
 * @param {string} value
 */
export function isPhoneNumber(value) {
  const v = value.trim().replace(DASHES, "-");
  const digits = v.match(/\d/gu)?.length ?? 0;
  return PHONE.test(v) && digits >= 7 && digits <= 15;
}
