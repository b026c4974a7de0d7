/**
 * Emma's call leads in the local inbox file (server/inbox-store.mjs) until the database store
 * lands: the store API server/vapi.mjs uses, over append. A summary is the lead again with
 * `call_summary`, appended, so the newest record of a call is the whole lead.
 * @param {{ append(record: object): Promise<"stored" | "full"> }} inbox
 */
export function inboxCallStore(inbox, { maxCalls = 1000 } = {}) {
  /** The calls that left a lead, oldest first: the report comes seconds after the call. */
  const leads = new Map();
  let counter = 0;
  const line = (lead, params) => ({
    receivedAt: new Date().toISOString(),
    via: "vapi",
    kind: "samtal",
    id: lead.id,
    callId: lead.callId,
    service_id: "vapi",
    template_id: lead.template,
    template_params: params,
  });
  return {
    async addMessage({ template, params, callId }) {
      const lead = { id: `${Date.now().toString(36)}-${(counter++).toString(36)}`, callId, template, params };
      const status = await inbox.append(line(lead, params));
      if (status === "stored" && callId) {
        leads.delete(callId);
        leads.set(callId, lead);
        if (leads.size > maxCalls) leads.delete(leads.keys().next().value);
      }
      return { id: lead.id, status };
    },
    async findByCallId(callId) {
      return leads.get(callId) ?? null;
    },
    async updateMessage(id, { callSummary }) {
      const lead = [...leads.values()].find((l) => l.id === id);
      if (!lead || callSummary === undefined) return null;
      const status = await inbox.append(line(lead, { ...lead.params, call_summary: callSummary }));
      if (status !== "stored") throw new Error(`inbox ${status}`);
      lead.callSummary = callSummary;
      return lead;
    },
  };
}
