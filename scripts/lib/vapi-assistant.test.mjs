import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { bookingCopy } from "~/content/booking";
import { callAssistantCopy, emmaVoicePrompt } from "~/content/voice-assistant";
import { MANAGED_BY, assistantBody, provisionAssistant } from "./vapi-assistant.mjs";

const KEY = "private-key-good";
const SECRET = "server-secret-0123456789";
const SITE = "https://www.example.se";
const copy = callAssistantCopy;
const prompt = emmaVoicePrompt();
const run = promisify(execFile);
const repo = fileURLToPath(new URL("../..", import.meta.url));

/** Vapi's assistant endpoints on loopback, recording every request. */
function fakeVapi() {
  const state = { assistants: [], requests: [], nextId: 1 };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : undefined;
      state.requests.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      const send = (status, json) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { message: "Invalid Key" });
      const id = /^\/assistant\/([^/?]+)$/.exec(req.url ?? "")?.[1];
      const found = state.assistants.find((a) => a.id === id);
      if (req.method === "GET" && req.url?.startsWith("/assistant?")) return send(200, state.assistants);
      if (req.method === "GET" && id) return found ? send(200, found) : send(404, { message: "Not Found" });
      if (req.method === "POST" && req.url === "/assistant") {
        const created = { id: `asst-${state.nextId++}`, ...body };
        state.assistants.push(created);
        return send(201, created);
      }
      if (req.method === "PATCH" && found) {
        Object.assign(found, body);
        return send(200, found);
      }
      send(404, { message: "Not Found" });
    });
  });
  return { state, server };
}

const fake = fakeVapi();
let url = "";
beforeAll(async () => {
  await new Promise((resolve) => fake.server.listen(0, "127.0.0.1", () => resolve(undefined)));
  url = `http://127.0.0.1:${/** @type {any} */ (fake.server.address()).port}`;
});
afterAll(() => new Promise((resolve) => fake.server.close(() => resolve(undefined))));
beforeEach(() => {
  fake.state.assistants = [{ id: "someone-else", name: "Another assistant", metadata: {} }];
  fake.state.requests = [];
});

const env = (more = {}) => ({ VAPI_PRIVATE_KEY: KEY, VAPI_SERVER_SECRET: SECRET, VAPI_API_URL: url, ...more });
const booking = bookingCopy.voice;
const provision = (more, siteUrl = SITE) => provisionAssistant({ env: env(more), copy, prompt, siteUrl, booking });
const calls = () => fake.state.requests.map((r) => `${r.method} ${r.url}`);

describe("npm run vapi:assistant", () => {
  it("creates the assistant, then updates it without a duplicate", async () => {
    const first = await provision();
    expect(first).toEqual({ id: "asst-1", action: "created" });
    expect(calls()).toEqual(["GET /assistant?limit=1000", "POST /assistant"]);
    const sent = fake.state.requests[1]?.body;
    expect(fake.state.requests.every((r) => r.auth === `Bearer ${KEY}`)).toBe(true);
    expect(sent).toEqual(assistantBody({ copy, prompt, siteUrl: SITE, secret: SECRET, booking }));
    expect(sent.model.messages).toEqual([{ role: "system", content: `${prompt} ${booking.rule}` }]);
    expect(sent.transcriber.language).toBe("sv");
    expect(sent.server).toEqual({
      url: `${SITE}/api/vapi`,
      timeoutSeconds: 20,
      headers: { Authorization: `Bearer ${SECRET}` },
    });
    expect(sent.model.tools.map((t) => [t.function.name, t.server.url])).toEqual([
      [copy.search.name, `${SITE}/api/vapi`],
      [copy.contact.name, `${SITE}/api/vapi`],
      ["lediga_motestider", `${SITE}/api/vapi`],
      ["boka_mote", `${SITE}/api/vapi`],
    ]);
    const book = sent.model.tools[3].function.parameters;
    expect(book.required).toEqual(["tid", "namn", "epost", "epost_bekraftad"]);
    expect(book.properties.epost_bekraftad.type).toBe("boolean");
    expect(sent.serverMessages).toEqual(["tool-calls", "end-of-call-report"]);
    expect(sent.clientMessages).toContain("tool-calls-result");

    fake.state.requests = [];
    const second = await provision();
    expect(second).toEqual({ id: "asst-1", action: "updated" });
    expect(calls()).toEqual(["GET /assistant?limit=1000", "PATCH /assistant/asst-1"]);
    expect(fake.state.assistants.map((a) => a.id)).toEqual(["someone-else", "asst-1"]);
    expect(fake.state.assistants[0]).toEqual({ id: "someone-else", name: "Another assistant", metadata: {} });
    expect(fake.state.requests[1]?.body).toEqual(sent);
  });

  it("updates the assistant VITE_VAPI_ASSISTANT_ID names", async () => {
    fake.state.assistants.push({ id: "asst-set-by-hand", metadata: {} });
    expect(await provision({ VITE_VAPI_ASSISTANT_ID: "asst-set-by-hand" })).toEqual({
      id: "asst-set-by-hand",
      action: "updated",
    });
    expect(calls()).toEqual(["GET /assistant/asst-set-by-hand", "PATCH /assistant/asst-set-by-hand"]);
    expect(fake.state.assistants.at(-1)?.metadata).toEqual({ managedBy: MANAGED_BY });
  });

  it("explains each failure in one line", async () => {
    const closed = createServer();
    await new Promise((resolve) => closed.listen(0, "127.0.0.1", () => resolve(undefined)));
    const closedUrl = `http://127.0.0.1:${/** @type {any} */ (closed.address()).port}`;
    await new Promise((resolve) => closed.close(() => resolve(undefined)));
    const failures = [
      [
        () => provision({ VAPI_PRIVATE_KEY: "wrong" }),
        /^Vapi refused VAPI_PRIVATE_KEY \(HTTP 401\): use the private key/,
      ],
      [
        () => provision({ VAPI_API_URL: closedUrl }),
        new RegExp(`^Vapi is unreachable: could not reach ${closedUrl} \\(ECONNREFUSED\\)`),
      ],
      [
        () => provision({}, "http://localhost:4173"),
        /^The site URL must be an https:\/\/ address Vapi can reach, not "http:\/\/localhost:4173"/,
      ],
      [() => provision({ VAPI_PRIVATE_KEY: "" }), /^VAPI_PRIVATE_KEY is not set/],
      [() => provision({ VAPI_SERVER_SECRET: " " }), /^VAPI_SERVER_SECRET is not set/],
    ];
    for (const [attempt, message] of failures) {
      const error = await attempt().then(
        () => null,
        (e) => e,
      );
      expect(error?.name).toBe("ProvisionError");
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain("\n");
      expect(error.message).not.toContain(KEY);
      expect(error.message).not.toContain(SECRET);
    }
    // The local checks come before any request.
    expect(calls().filter((c) => c !== "GET /assistant?limit=1000")).toEqual([]);
    expect(fake.state.assistants).toHaveLength(1);
  });

  it("runs as a command: the persona from app/content, the id printed, a failure on one line", async () => {
    const base = { ...process.env, ...env(), VITE_SITE_URL: SITE, VITE_VAPI_ASSISTANT_ID: "" };
    const ok = await run("node", ["scripts/vapi-assistant.mjs"], { cwd: repo, env: base });
    expect(ok.stdout).toMatch(/^VITE_VAPI_ASSISTANT_ID=asst-\d+$/m);
    const posted = fake.state.requests.find((r) => r.method === "POST")?.body;
    expect(posted?.model.messages[0].content).toBe(`${prompt} ${booking.rule}`);
    expect(posted?.firstMessage).toBe(copy.firstMessage);

    const failed = await run("node", ["scripts/vapi-assistant.mjs"], {
      cwd: repo,
      env: { ...base, VITE_SITE_URL: "http://www.example.se" },
    }).then(
      () => null,
      (e) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed.stderr.trim().split("\n")).toEqual([
      `vapi:assistant: The site URL must be an https:// address Vapi can reach, not "http://www.example.se": set VITE_SITE_URL to the public site.`,
    ]);
    expect(site.url).toBeTruthy();
  }, 30_000);
});

describe("the assistant's tools", () => {
  it("are the voice tools of the one set of definitions the chat's model also gets", async () => {
    const { functionTools, toolDefinitions } = await import("../../server/emma/tool-definitions.mjs");
    const { emmaToolsCopy } = await import("~/content/emma-tools");
    const body = assistantBody({ copy, prompt, siteUrl: SITE, secret: SECRET, booking: bookingCopy.voice });
    const all = toolDefinitions({ call: copy, booking: bookingCopy.voice, chat: emmaToolsCopy });
    expect(body.model.tools.map((t) => ({ type: t.type, function: t.function }))).toEqual(functionTools(all, "voice"));
    expect(body.model.tools.every((t) => t.server.url === `${SITE}/api/vapi`)).toBe(true);
  });
});
