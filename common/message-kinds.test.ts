import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATE_IDS, FORM_KINDS, kindOfTemplate } from "./message-kinds.mjs";

describe("the kinds of message and their templates", () => {
  it("map each of the site's template ids back to its kind, and no other id", () => {
    for (const kind of FORM_KINDS) expect(kindOfTemplate(DEFAULT_TEMPLATE_IDS[kind], DEFAULT_TEMPLATE_IDS)).toBe(kind);
    const own = { contact: "tpl_a", "get-started": "tpl_b", lead: "tpl_c" };
    expect(kindOfTemplate("tpl_b", own)).toBe("get-started");
    expect(kindOfTemplate("template_get_started", own)).toBeUndefined();
    expect(kindOfTemplate("toString", {})).toBeUndefined();
  });
});
