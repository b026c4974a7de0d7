/**
 * One mailbox however its address is written, for limits per sender: case and spaces ignored,
 * and a "+tag" after the local part (kim+1@example.se is kim@example.se's mailbox).
 * @param {unknown} email
 */
export function mailboxKey(email) {
  const address = String(email ?? "")
    .trim()
    .toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const local = address.slice(0, at).replace(/\+.*$/, "");
  return `${local || address.slice(0, at)}@${address.slice(at + 1)}`;
}
