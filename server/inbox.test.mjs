// @vitest-environment node
import { Hono } from "hono";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { inboxError, mountInbox } from "./inbox.mjs";

const valid = {
  lib_version: "4.4.1",
  user_id: "local-inbox",
  service_id: "local_inbox",
  template_id: "template_contact",
  template_params: { from_name: "Anna", from_email: "anna@example.se", subject: "Hej" },
};

describe("local inbox", () => {
  it("checks the EmailJS request shape", () => {
    expect(inboxError(valid)).toBeNull();
    expect(inboxError([])).toMatch(/object/);
    expect(inboxError({ ...valid, service_id: "" })).toMatch(/service_id/);
    expect(inboxError({ ...valid, template_params: { a: 1 } })).toMatch(/string/);
  });

  it("stores each message as one JSON line and answers like EmailJS", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const dir = await mkdtemp(join(tmpdir(), "inbox-"));
    const app = new Hono();
    mountInbox(app, { dir });
    const post = (body) =>
      app.request("/api/v1.0/email/send", { method: "POST", body, headers: { "content-type": "application/json" } });
    const res = await post(JSON.stringify(valid));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("OK");
    await post(JSON.stringify(valid));
    const lines = (await readFile(join(dir, "messages.jsonl"), "utf8")).trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]).template_params).toEqual(valid.template_params);
    expect((await post("{nope")).status).toBe(400);
    expect((await post("x".repeat(70_000))).status).toBe(413);
  });
});
