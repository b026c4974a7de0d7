/**
 * Emma's call leads in the local inbox file (server/inbox-store.mjs) until the database store
 * lands: the store API the endpoint uses (addMessage, findByCallId, updateMessage), where a
 * summary is a record of its own appended after the lead.
 * @param {{ append(record: object): Promise<"stored" | "full"> }} inbox
 */
export function inboxCallStore(inbox, { maxCalls = 1000 } = {}) {
  /** The calls that left a lead, newest last: the report comes seconds after the call. */
  const leads = new Map();
  let counter = 0;
  return {
    async addMessage(record) {
      const id = `${Date.now().toString(36)}-${(counter++).toString(36)}`;
      const status = await inbox.append({ id, via: "vapi", ...record });
      if (status === "stored" && record.callId) {
        leads.delete(record.callId);
        leads.set(record.callId, { id, callId: record.callId });
        if (leads.size > maxCalls) leads.delete(leads.keys().next().value);
      }
      return { id, status };
    },
    async findByCallId(callId) {
      return leads.get(callId) ?? null;
    },
    async updateMessage(id, { callSummary }) {
      const lead = [...leads.values()].find((l) => l.id === id);
      if (!lead || callSummary === undefined) return null;
      await inbox.append({
        kind: "samtal-summary",
        messageId: id,
        callId: lead.callId,
        receivedAt: new Date().toISOString(),
        callSummary,
      });
      lead.callSummary = callSummary;
      return lead;
    },
  };
}
