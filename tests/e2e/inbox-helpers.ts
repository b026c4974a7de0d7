import { readFile } from "node:fs/promises";

export interface InboxMessage {
  template_id: string;
  template_params: Record<string, string>;
}

/** The local inbox of the 'site' project's server (playwright.config.ts: test-results/inbox-<port>). */
export const inboxFile = () => `test-results/inbox-${process.env.E2E_PORT ?? 4317}/messages.jsonl`;

export async function inboxMessages(): Promise<InboxMessage[]> {
  const text = await readFile(inboxFile(), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as InboxMessage);
}

/** The inbox's messages from one sender (each test uses an address of its own). */
export async function inboxFrom(email: string): Promise<InboxMessage[]> {
  return (await inboxMessages()).filter((m) => m.template_params.from_email === email);
}
