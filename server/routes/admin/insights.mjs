/** Unanswered questions looked up in the kept conversations at most (the first of the list). */
const MAX_LOOKUPS = 50;

/**
 * The words of a kept question that can be searched for: the longest stretch between the marks
 * that replaced personal data (`[telefon]`), or null when too little is left to be sure.
 */
export function searchableSnippet(text) {
  const parts = String(text)
    .split(/\[[^\]]{1,40}\]/)
    .map((s) => s.trim());
  const longest = parts.sort((a, b) => b.length - a.length)[0] ?? "";
  return longest.length >= 8 ? longest.slice(0, 200) : null;
}

/**
 * For each unanswered question, the newest message that kept the conversation it was asked in
 * (a lead's or a call's), by the question's group key.
 * @param {{ listMessages: Function }} store
 * @param {{ key: string, text: string }[]} unanswered
 */
export async function conversationLinks(store, unanswered) {
  const links = new Map();
  for (const q of unanswered.slice(0, MAX_LOOKUPS)) {
    const snippet = searchableSnippet(q.text);
    if (!snippet) continue;
    const { items } = await store.listMessages({ text: snippet, kind: "lead", limit: 1 });
    if (items[0]) links.set(q.key, items[0].id);
  }
  return links;
}
