// What the server's tests share: a Hono app with the inbox, and requests as a browser sends them.
import { Hono } from "hono";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mountInbox } from "../routes/inbox.mjs";

export const validMessage = {
  lib_version: "4.4.1",
  user_id: "local-inbox",
  service_id: "local_inbox",
  template_id: "template_contact",
  template_params: { from_name: "Anna", from_email: "anna@example.se", subject: "Hej" },
};

export const tempDir = () => mkdtemp(join(tmpdir(), "inbox-"));

/** Env of a request from the given address, as @hono/node-server passes it (getConnInfo). */
export const fromAddress = (address) => ({ incoming: { socket: { remoteAddress: address, remoteFamily: "IPv4" } } });

/** A same-origin fetch of the site's own page, as Chromium sends it. */
export const sameSite = { origin: "http://localhost", "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };

/** @param {import("hono").Hono} app
 * @param {{ body?: unknown, headers?: Record<string, string>, address?: string, path?: string }} [options] */
export function postJson(
  app,
  { body = validMessage, headers = {}, address = "192.0.2.1", path = "/api/v1.0/email/send" } = {},
) {
  return app.request(
    path,
    {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "application/json", ...sameSite, ...headers },
    },
    fromAddress(address),
  );
}

/** What the store keeps, oldest first, as the old file inbox's lines. @param {{ listMessages: Function }} store */
export async function storedMessages(store) {
  const { items } = await store.listMessages({ limit: 10_000 });
  return items.reverse().map((m) => ({ ...m, template_id: m.template, template_params: m.params }));
}

/** An app with only the inbox, quiet unless told. */
export function inboxApp(options) {
  const app = new Hono();
  return { app, ...mountInbox(app, { quiet: true, ...options }) };
}
