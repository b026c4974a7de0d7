// One e-mail address, bare: the local part of letters, digits and RFC 5322's atext but ? & = %, a
// domain of labels. No spaces, commas, quotes, angle brackets or a second @, so a mailer reads one
// address; no ? & = %, so a mailto: link cannot be made to add headers (decision 058).
const EMAIL = /^[\p{L}\p{N}.!#$'*+/^_`{|}~-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,}$/u;

/**
 * Whether a value is one e-mail address (trimmed): the browser's forms and the server's check
 * (server/routes/forms.mjs, the inbox, the notification's Reply-To) share it.
 * @param {string} value
 */
export function isEmail(value) {
  return EMAIL.test(String(value).trim());
}
