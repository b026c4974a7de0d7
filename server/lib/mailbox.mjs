/** For limits per sender: kim+1@Example.se is kim@example.se's mailbox. @param {unknown} email */
export function mailboxKey(email) {
  const address = String(email ?? "")
    .trim()
    .toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const local = address.slice(0, at).replace(/\+.*$/, "");
  return `${local || address.slice(0, at)}@${address.slice(at + 1)}`;
}
