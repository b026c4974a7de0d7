import { describe, expect, it } from "vitest";
import { safeForLog } from "./log-safe.mjs";
import { formatList, formatMessage, forTerminal, isSuspectedSpam, kindOf } from "./inbox-read.mjs";

const templates = { contact: "template_contact", "get-started": "template_get_started", lead: "template_lead" };
const rec = (template_id, params, extra = {}) => ({
  receivedAt: "2026-11-25T09:00:00.000Z",
  template_id,
  template_params: { from_name: "Anna Berg", from_email: "anna@firma.se", subject: "Hej", ...params },
  ...extra,
});
const lead = rec("template_lead", {
  subject: "Nytt lead från Emma: Anna Berg",
  suspected_spam: "ja",
  conversation: "Emma: Hej!\nBesökare: Jag vill veta mer.",
});

describe("npm run inbox: reading", () => {
  it("names the kind by template id and sees the client's spam mark", () => {
    expect(kindOf(rec("template_get_started", {}), templates)).toBe("get-started");
    expect(kindOf(rec("template_lead", {}), templates)).toBe("lead");
    expect(kindOf(rec("other", {}), templates)).toBe("other");
    expect(isSuspectedSpam(lead)).toBe(true);
    expect(isSuspectedSpam(rec("template_contact", { subject: "[Misstänkt spam] Nytt meddelande" }))).toBe(true);
    expect(isSuspectedSpam(rec("template_contact", {}))).toBe(false);
  });
});

describe("npm run inbox: list, show", () => {
  it("lists kind, time, name, e-mail, subject and the spam mark, numbered newest first", () => {
    const list = formatList([lead, rec("template_contact", {}, { via: "no-js" })], templates).split("\n");
    expect(list[0]).toMatch(/#\s+time\s+kind\s+name\s+e-mail\s+subject/);
    expect(list[1]).toMatch(
      /^\s+1\s+2026-11-25 \d\d:00\s+lead\s+Anna Berg\s+anna@firma.se\s+Nytt lead från Emma.*\[SPAM\?\]$/,
    );
    expect(list[2]).toMatch(/^\s+2 .*contact .*Hej\s+\[no-js\]$/);
    const many = Array.from({ length: 25 }, () => rec("template_contact", {}));
    expect(formatList(many, templates)).toMatch(/… 5 older/);
    expect(formatList(many, templates, { limit: Infinity })).not.toMatch(/older/);
  });

  it("escapes terminal codes a visitor typed", () => {
    const evil = rec("template_contact", { from_name: "A\u001b[2J\nB", message: "rad 1\nrad 2\u001b]0;x\u0007" });
    expect(formatList([evil], templates)).not.toContain("\u001b");
    const shown = formatMessage(evil, templates);
    expect(shown).not.toContain("\u001b");
    expect(shown).not.toContain("\u0007");
    expect(shown).toContain("rad 1\nrad 2\\x1b]0;x\\x07");
  });

  it("shows one message whole, a lead with its conversation", () => {
    const shown = formatMessage(lead, templates);
    expect(shown).toMatch(/^kind:\s+lead/);
    expect(shown).toMatch(/spam:\s+suspected/);
    expect(shown).toMatch(/from_email:\s+anna@firma.se/);
    expect(shown.endsWith("conversation:\nEmma: Hej!\nBesökare: Jag vill veta mer.")).toBe(true);
  });
});

describe("npm run inbox: what a visitor could send", () => {
  it("reads own params only: __proto__ and constructor are ordinary keys", () => {
    const own = JSON.parse(
      '{"receivedAt":"2026-11-25T09:00:00.000Z","template_id":"template_contact","template_params":{"__proto__":"p","constructor":"c"}}',
    );
    const plain = rec("template_contact", {});
    const list = formatList([plain, own], templates);
    expect(list).not.toContain("[object Object]");
    expect(formatMessage(plain, templates)).not.toContain("function");
    expect(isSuspectedSpam({ template_params: JSON.parse('{"__proto__":{"suspected_spam":"ja"}}') })).toBe(false);
  });

  it("escapes bidi, zero-width and tag characters as the server's logs do", () => {
    const name = "A\u200eB\u200fC\u061cD\u200bE\u2060F\ufeffG\u{e0041}H\u202eI";
    const shown = formatMessage(rec("template_contact", { from_name: name, message: `x\u2066y\nz` }), templates);
    expect(shown).toContain("A\\u200eB\\u200fC\\u061cD\\u200bE\\u2060F\\ufeffG\\u{e0041}H\\u202eI");
    expect(shown).toContain("x\\u2066y\nz");
    expect(formatList([rec("template_contact", { from_name: name })], templates)).not.toMatch(
      /[\u200e\u200f\u061c\u200b]/,
    );
    expect(forTerminal(name)).toBe(safeForLog(name, 1000));
  });
});
