// @vitest-environment node
import { Hono } from "hono";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as site from "~/config/site";
import * as email from "~/config/email";
import * as contactForm from "~/content/contact-form";
import * as emailMessages from "~/content/email-messages";
import * as formPost from "~/content/form-post";
import * as landing from "~/content/landing";
import * as payload from "~/features/contact/payload";
import { validate } from "~/components/ui/validation";
import { formConfig } from "../lib/form-config.mjs";
import { captureLog } from "../testing/log-capture.mjs";
import { mountFormPosts, REFUSALS_PER_MESSAGE } from "./forms.mjs";
import { validateFields } from "../lib/message-fields.mjs";
import { DEFAULT_RATE_LIMIT } from "../guards/request.mjs";
import { mountInbox } from "./inbox.mjs";
import { fromAddress, sameSite, storedMessages, validMessage } from "../testing/helpers.mjs";

/** A payload less the spec's recipient, which the server does not keep. */
const withoutRecipient = (params) => Object.fromEntries(Object.entries(params).filter(([k]) => k !== "to_email"));

const config = formConfig({ contactForm, emailMessages, landing, formPost, site, email });
let dir;
let app;
let store;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "forms-"));
  ({ app, store } = makeApp());
});

function makeApp(inbox = {}) {
  const a = new Hono();
  const shared = mountInbox(a, { dir, quiet: true, templates: config.templates, ...inbox });
  mountFormPosts(a, { config, root: join(dir, "no-build"), ...shared });
  return { app: a, store: shared.store };
}

const contact = { firstName: "Per", lastName: "Persson", email: "per@example.se", company: "AB", message: "Hej!" };
const getStarted = {
  service: "automation",
  name: "Åsa Öberg",
  email: "asa@example.se",
  company: "",
  phone: "",
  message: "",
};

function postForm(path, fields, { address = "192.0.2.10", headers = {}, to = app } = {}) {
  return to.request(
    path,
    {
      method: "POST",
      body: new URLSearchParams({ hp_website_url: "", ...fields }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "navigate",
        ...headers,
      },
    },
    fromAddress(address),
  );
}

const records = () => storedMessages(store);

describe("form posts without JavaScript", () => {
  it("keeps a valid contact form in the inbox, marked no-js, with the form's own payload, and thanks in Swedish", async () => {
    const before = (await records()).length;
    const res = await postForm("/api/forms/contact", contact, { address: "192.0.2.11" });
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    const html = await res.text();
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain("Tack för ditt meddelande!");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("per@example.se");
    const [record] = (await records()).slice(before);
    expect(record).toMatchObject({
      noJs: true,
      kind: "contact",
      from_name: "Per Persson",
      from_email: "per@example.se",
    });
    expect(record.template_id).toBe("template_contact");
    const kept = withoutRecipient(payload.contactPayload(contact, site.site.salesEmail));
    expect(record.template_params).toEqual(kept);
    expect(record.template_params.subject).toBe("Nytt meddelande från Per Persson");
  });

  it("keeps a valid /kom-igang request with the chosen service's title in the subject", async () => {
    const before = (await records()).length;
    const res = await postForm("/api/forms/get-started", getStarted, { address: "192.0.2.12" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Tack för din förfrågan!");
    const [record] = (await records()).slice(before);
    const service = contactForm.getStartedServices.find((s) => s.id === "automation");
    expect(record.template_id).toBe("template_get_started");
    const kept = withoutRecipient(payload.getStartedPayload(getStarted, service, site.site.salesEmail));
    expect(record.template_params).toEqual(kept);
    expect(record.template_params.subject).toBe("Ny förfrågan för Automation");
  });

  it("keeps a one-line field on one line and only the form's fields (issue 43: forged lines in the mail)", async () => {
    const before = (await records()).length;
    const forged = { ...contact, firstName: "Per\r\nE-post: vd@storkund.se\r\nFöretag: Storkund", x_invented: "y" };
    expect((await postForm("/api/forms/contact", forged, { address: "192.0.2.17" })).status).toBe(200);
    const [record] = (await records()).slice(before);
    expect(record.template_params.from_name).toBe("Per E-post: vd@storkund.se Företag: Storkund Persson");
    expect(record.template_params.subject).toBe(`Nytt meddelande från ${record.template_params.from_name}`);
    expect(Object.keys(record.template_params).sort()).toEqual(
      ["company", "from_email", "from_name", "message", "subject"].sort(),
    );
  });

  it("answers 400 with the form again: values kept, Swedish errors, nothing stored", async () => {
    const before = (await records()).length;
    const res = await postForm(
      "/api/forms/contact",
      { ...contact, firstName: " ", email: "inte-en-adress", message: "x".repeat(2001), company: '"><b>' },
      { address: "192.0.2.13" },
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/api/forms/contact"');
    expect(html).toContain("Fyll i förnamn.");
    expect(html).toContain("Ange en giltig e-postadress");
    expect(html).toContain("Högst 2000 tecken.");
    expect(html).toContain('value="inte-en-adress"');
    expect(html).toContain('value="&quot;&gt;&lt;b&gt;"');
    expect(html).not.toContain("<b>");
    const noService = await postForm(
      "/api/forms/get-started",
      { ...getStarted, service: "" },
      { address: "192.0.2.13" },
    );
    expect(noService.status).toBe(400);
    expect(await noService.text()).toContain(emailMessages.contactMessages.noService.description);
    expect(await records()).toHaveLength(before);
  });

  it("thanks a bot that filled the honeypot and keeps nothing", async () => {
    captureLog();
    const before = (await records()).length;
    const res = await postForm(
      "/api/forms/contact",
      { ...contact, hp_website_url: "https://spam.example" },
      { address: "192.0.2.14" },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Tack för ditt meddelande!");
    expect(await records()).toHaveLength(before);
  });

  it("counts against the inbox's limits, by address and by sender e-mail, and answers 429 with the form kept", async () => {
    const { app: limited } = makeApp({ rateLimit: { points: 7 } });
    const post = (path, values, address) => postForm(path, values, { address, to: limited });
    const address = "192.0.2.15";
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post("/api/forms/contact", contact, address)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The sender's limit is shared with the inbox's API, from another address too.
    const api = await limited.request(
      "/api/v1.0/email/send",
      {
        method: "POST",
        headers: { "content-type": "application/json", ...sameSite },
        body: JSON.stringify({ ...validMessage, template_params: { from_name: "Per", from_email: contact.email } }),
      },
      fromAddress("192.0.2.99"),
    );
    expect(api.status).toBe(429);
    expect((await post("/api/forms/get-started", getStarted, address)).status).toBe(200);
    const res = await post("/api/forms/get-started", { ...getStarted, email: "ny@example.se" }, address);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(500);
    const html = await res.text();
    expect(html).toMatch(/Vänta 10 minuter/);
    expect(html).toContain('value="ny@example.se"');
  });

  it("counts forms with errors apart from messages taken, against a looser limit", async () => {
    const address = "192.0.2.16";
    const typo = { ...contact, email: "per@example" };
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await postForm("/api/forms/contact", typo, { address })).status);
    expect(statuses).toEqual(Array(8).fill(400));
    expect((await postForm("/api/forms/contact", contact, { address })).status).toBe(200);
    const refusals = DEFAULT_RATE_LIMIT.points * REFUSALS_PER_MESSAGE;
    for (let i = 8; i < refusals; i++) await postForm("/api/forms/contact", typo, { address });
    const refused = await postForm("/api/forms/contact", typo, { address });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('value="per@example"');
    expect((await postForm("/api/forms/contact", contact, { address })).status).toBe(200);
  });

  it("refuses other sites' form posts and other encodings", async () => {
    const before = (await records()).length;
    const cross = await postForm("/api/forms/contact", contact, {
      address: "192.0.2.16",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(cross.status).toBe(403);
    const plain = await postForm("/api/forms/contact", contact, {
      address: "192.0.2.16",
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status).toBe(415);
    const big = await postForm(
      "/api/forms/contact",
      { ...contact, message: "x".repeat(70_000) },
      { address: "192.0.2.16" },
    );
    expect(big.status).toBe(413);
    expect(await records()).toHaveLength(before);
  });

  it("answers 503 with the form kept when the inbox is full", async () => {
    const { app: full } = makeApp({ maxBytes: 10 });
    const res = await postForm("/api/forms/contact", contact, { address: "192.0.2.17", to: full });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("Vi kunde inte ta emot meddelandet just nu");
    expect(html).toContain('value="per@example.se"');
  });

  it("answers 503 with the form kept while the database cannot be reached", async () => {
    const { app: away } = makeApp({ databaseUrl: "postgres://postgres@127.0.0.1:5309/none" });
    const res = await postForm("/api/forms/contact", contact, { address: "192.0.2.18", to: away });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    const html = await res.text();
    expect(html).toContain("Vi kunde inte ta emot meddelandet just nu");
    expect(html).toContain('value="per@example.se"');
  });

  it("validates with the rules of app/components/ui/validation.ts", () => {
    const rules = Object.fromEntries(config.forms.contact.fields.map((f) => [f.name, f]));
    const cases = [
      contact,
      { ...contact, email: "a@b" },
      { ...contact, email: " per@example.se " },
      { ...contact, email: "per @example.se" },
      { ...contact, firstName: "", lastName: "  " },
      { ...contact, message: "å".repeat(2000) },
      { ...contact, message: "å".repeat(2001) },
      { ...contact, company: "x".repeat(121) },
    ];
    for (const values of cases)
      expect(validateFields(values, config.forms.contact.fields)).toEqual(validate(values, rules));
    const fields = config.forms["get-started"].fields;
    const startRules = Object.fromEntries(fields.map((f) => [f.name, f]));
    for (const phone of ["", "070-123 45 67", "hej hej", "123"]) {
      const values = { ...getStarted, phone };
      expect(validateFields(values, fields)).toEqual(validate(values, startRules));
    }
    expect(validateFields({ ...getStarted, phone: "hej hej" }, fields).phone).toContain("helt telefonnummer");
  });

  it("keeps payloads exactly as app/features/contact/payload.ts builds them, through one table of names", async () => {
    const values = {
      ...contact,
      firstName: "  Eva ",
      email: "eva@example.se",
      message: "a \u0000firstName\u0000 b $& $1",
    };
    const before = (await records()).length;
    expect((await postForm("/api/forms/contact", values, { address: "192.0.2.61" })).status).toBe(200);
    const [kept] = (await records()).slice(before);
    expect(kept.template_params).toEqual(withoutRecipient(payload.contactPayload(values, site.site.salesEmail)));
    for (const [i, s] of contactForm.getStartedServices.entries()) {
      const sent = {
        ...getStarted,
        service: s.id,
        email: `tjanst${i}@example.se`,
        company: " AB ",
        phone: "070-123 45 67",
      };
      const at = (await records()).length;
      expect((await postForm("/api/forms/get-started", sent, { address: `192.0.2.7${i}` })).status).toBe(200);
      const [request] = (await records()).slice(at);
      expect(request.template_params).toEqual(
        withoutRecipient(payload.getStartedPayload(sent, s, site.site.salesEmail)),
      );
    }
  });
});
