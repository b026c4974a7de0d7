// The kinds of message a visitor sends, one name each on both sides, and the EmailJS template each
// goes with: the template ids are the spec's protocol, the kinds every other name (decision 066).

export const FORM_KINDS = /** @type {const} */ (["contact", "get-started", "lead"]);

/** @typedef {(typeof FORM_KINDS)[number]} FormKind */

/** The site's template ids when VITE_EMAILJS_TEMPLATE_* leaves them unset. @type {Record<FormKind, string>} */
export const DEFAULT_TEMPLATE_IDS = {
  contact: "template_contact",
  "get-started": "template_get_started",
  lead: "template_lead",
};

/** The kind a template id is sent for; undefined for an id not the site's. @param {unknown} templateId
 * @param {Partial<Record<string, string>>} templates each kind's id */
export function kindOfTemplate(templateId, templates) {
  return FORM_KINDS.find((kind) => templates[kind] === templateId);
}
