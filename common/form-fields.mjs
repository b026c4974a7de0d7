// Each form's inputs by their DOM names (the no-JS forms post them) and the spec's payload field each
// fills: the one place a form's `email` becomes `from_email` (spec §3, decision 066).

/** Per kind, in the payload's order after `to_email`; inputs that fill one field are joined by a space. */
export const PAYLOAD_FIELD_OF_INPUT = /** @type {const} */ ({
  contact: {
    firstName: "from_name",
    lastName: "from_name",
    email: "from_email",
    company: "company",
    message: "message",
  },
  "get-started": {
    name: "from_name",
    email: "from_email",
    company: "company",
    phone: "phone",
    service: "selected_service",
    message: "message",
  },
  lead: { name: "from_name", email: "from_email", phone: "phone", company: "company" },
});

/** The payload's fields a form's values fill, each trimmed. @param {keyof typeof PAYLOAD_FIELD_OF_INPUT} kind
 * @param {object} values by input name (`service`: the chosen service's title) @returns {Record<string, string>} */
export function payloadFields(kind, values) {
  /** @type {Record<string, string>} */
  const fields = {};
  for (const [input, field] of Object.entries(PAYLOAD_FIELD_OF_INPUT[kind])) {
    const value = String(/** @type {Record<string, unknown>} */ (values)[input] ?? "").trim();
    fields[field] = Object.hasOwn(fields, field) ? `${fields[field]} ${value}` : value;
  }
  return fields;
}
