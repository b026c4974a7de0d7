import { openStore } from "../../server/adapters/store/index.mjs";

export interface InboxMessage {
  template_id: string;
  template_params: Record<string, string>;
  noJs: boolean;
  kind: string;
}

/** The local inbox of the 'site' project's server (playwright.config.ts: test-results/inbox-<port>). */
export const inboxDir = () => `test-results/inbox-${process.env.E2E_PORT ?? 4317}`;

/** What the server's store keeps, oldest first, read beside the server as `npm run inbox` does. */
export async function inboxMessages(dir = inboxDir()): Promise<InboxMessage[]> {
  const store = openStore({ dir, log: () => {} });
  try {
    const { items } = await store.listMessages({ limit: 10_000 });
    return items
      .reverse()
      .map((m: { template: string | null; params: Record<string, string>; noJs: boolean; kind: string }) => ({
        template_id: m.template ?? "",
        template_params: m.params,
        noJs: m.noJs,
        kind: m.kind,
      }));
  } finally {
    await store.close();
  }
}

/** The inbox's messages from one sender (each test uses an address of its own). */
export async function inboxFrom(email: string, dir?: string): Promise<InboxMessage[]> {
  return (await inboxMessages(dir)).filter((m) => m.template_params.from_email === email);
}
