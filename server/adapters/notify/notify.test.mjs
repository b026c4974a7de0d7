import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leadNotificationCopy as copy } from "../../../app/content/lead-notification.ts";
import { leadNotification } from "./content.mjs";
import { channelsFromEnv } from "./index.mjs";
import { createMailer } from "./mailer.mjs";
import { mailHeader, startSmtp, startWebhook, verifyLeadSignature } from "../../testing/receivers.mjs";
import { createWebhook, IDEMPOTENCY_HEADER, SIGNATURE_HEADER } from "./webhook.mjs";
import { createNotifyWorker, notifyBackoffMs } from "./worker.mjs";
import { MINUTE, plus, startOfSuite } from "../../testing/clock.mjs";

const SECRET = "webhook-secret-0123456789";
const lead = {
  id: 7,
  kind: "get-started",
  // Sent a quarter of an hour before the suite started.
  receivedAt: plus(startOfSuite(), -15 * MINUTE).toISOString(),
  page: "https://nordlysai.se/kom-igang",
  params: {
    to_email: "salj@nordlysai.se",
    from_name: "Erik Lund",
    from_email: "erik@lund.se",
    company: "Lund AB",
    phone: "070-123 45 67",
    selected_service: "Automation",
    message: "Vi vill automatisera fakturor.",
    subject: "Ny förfrågan för Automation",
    suspected_spam: "ja",
  },
};

/** The store's notification methods, in memory: one row per channel, claimed with a lease. */
function memoryStore(messages) {
  const rows = [];
  return {
    rows,
    enqueue(messageId, channels) {
      for (const channel of channels) {
        rows.push({
          id: rows.length + 1,
          messageId,
          channel,
          idempotencyKey: `n${messageId}:${channel}`,
          attempts: 0,
          state: "pending",
          nextAttemptAt: 0,
          leaseUntil: 0,
        });
      }
    },
    async getMessage(id) {
      return messages.find((m) => m.id === id) ?? null;
    },
    async claimDueNotifications(now, limit, { channel } = {}) {
      const t = now.getTime();
      const due = rows
        .filter((r) => r.state === "pending" && r.nextAttemptAt <= t && r.leaseUntil <= t)
        .filter((r) => !channel || r.channel === channel)
        .slice(0, limit);
      for (const r of due) r.leaseUntil = t + 60_000;
      return due.map((r) => ({ ...r }));
    },
    async extendNotificationClaim() {
      return 0;
    },
    async markNotification(id, outcome) {
      const r = rows.find((x) => x.id === id);
      r.attempts++;
      r.leaseUntil = 0;
      if (outcome.delivered) r.state = "delivered";
      else Object.assign(r, { error: outcome.error, nextAttemptAt: outcome.nextAttemptAt.getTime() });
    },
  };
}

const until = async (check, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

let smtp;
let hook;
let logs;
beforeAll(async () => {
  smtp = await startSmtp();
  hook = await startWebhook();
});
afterAll(async () => {
  await smtp.close();
  await hook.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  hook.requests.length = 0;
  hook.respondWith(() => 200);
  smtp.refuse(0);
  logs = [];
});

const workers = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function worker(store, channels, options = {}) {
  const w = createNotifyWorker({
    store,
    channels,
    copy,
    log: (l) => logs.push(l),
    pollMs: 20,
    backoffMs: () => 30,
    ...options,
  });
  workers.push(w);
  return w;
}

const personal = [lead.params.from_name, lead.params.from_email, lead.params.phone, "Lund AB", "fakturor"];
const expectNoPersonalData = () => {
  for (const line of logs) for (const word of personal) expect(line).not.toContain(word);
};

describe("the notification", () => {
  it("carries what a salesperson needs, the spec's subject and the spam mark, and no secrets", () => {
    const n = leadNotification(
      { ...lead, params: { ...lead.params, conversation: "Emma: Hej!\nBesökare: Hej" } },
      copy,
    );
    expect(n.subject).toBe("Ny förfrågan för Automation");
    for (const text of [
      "Erik Lund",
      "Lund AB",
      "erik@lund.se",
      "070-123 45 67",
      "Automation",
      "Vi vill automatisera",
      "https://nordlysai.se/kom-igang",
      "Emma: Hej!",
      copy.suspectedSpam,
    ]) {
      expect(n.text).toContain(text);
    }
    expect(n.payload).toMatchObject({
      from_name: "Erik Lund",
      from_email: "erik@lund.se",
      selected_service: "Automation",
      suspectedSpam: true,
      page: lead.page,
    });
    expect(JSON.stringify(n)).not.toMatch(/to_email|service_id|user_id/);
    const plain = leadNotification({ ...lead, params: { ...lead.params, suspected_spam: undefined } }, copy);
    expect(plain.text).not.toContain(copy.suspectedSpam);
    expect(plain.payload.suspectedSpam).toBe(false);
  });

  it("replies to one validated bare address only, and forges no line from a stored one-line field (issue 43)", () => {
    const kept = (params) => leadNotification({ ...lead, params: { ...lead.params, ...params } }, copy);
    expect(kept({}).replyTo).toBe("erik@lund.se");
    for (const from_email of ["Storkund AB <vd@storkund.se>", "erik@lund.se, vd@storkund.se", "a,vd@storkund.se"]) {
      expect(kept({ from_email }).replyTo, from_email).toBeUndefined();
    }
    const forged = kept({ from_name: "Erik\nE-post: vd@storkund.se", company: "AB\u2028Telefon: 08-1" });
    expect(forged.text.split("\n")).not.toContain("E-post: vd@storkund.se");
    expect(forged.text).toContain("Erik E-post: vd@storkund.se");
    expect(forged.text).not.toMatch(/\u2028/);
  });

  it("shows a domain that mixes scripts in punycode, and a Swedish one in its own letters", () => {
    const kept = (from_email) => leadNotification({ ...lead, params: { ...lead.params, from_email } }, copy);
    const cyrillic = kept("ceo@v\u043elvo.se");
    expect(cyrillic.text).toContain("ceo@xn--vlvo-55d.se");
    expect(cyrillic.text).not.toContain("v\u043elvo");
    expect(cyrillic.payload.from_email).toBe("ceo@xn--vlvo-55d.se");
    expect(kept("anna@xn--fjllbo-cua.se").text).toContain("anna@fjällbo.se");
  });

  it("says first that a booking waits for the team's approval, and only when the server marked it so", () => {
    const meeting = { ...lead, kind: "lead", params: { ...lead.params, meeting: "onsdag 9 december kl. 09:00" } };
    const held = leadNotification({ ...meeting, params: { ...meeting.params, meeting_pending: "ja" } }, copy);
    expect(held.text.startsWith(`${copy.suspectedSpam}\n\n${copy.meetingPending}\n`)).toBe(true);
    expect(copy.meetingPending).toMatch(/^VÄNTAR PÅ GODKÄNNANDE: .*\/admin\/moten$/);
    expect(held.payload.meetingPending).toBe(true);
    const booked = leadNotification(meeting, copy);
    expect(booked.text).not.toContain("GODKÄNNANDE");
    expect(booked.payload.meetingPending).toBe(false);
  });

  it("backs off 5 s, 10 s, 20 s … up to 30 minutes", () => {
    expect([1, 2, 3, 4].map(notifyBackoffMs)).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(notifyBackoffMs(30)).toBe(30 * 60_000);
  });

  it("configures the channels from env: mail to the sales address unless LEAD_NOTIFY_TO", () => {
    expect(Object.keys(channelsFromEnv({}, { salesEmail: "salj@x.se" }))).toEqual([]);
    expect(
      Object.keys(
        channelsFromEnv(
          { SMTP_URL: "smtp://127.0.0.1:1", LEAD_WEBHOOK_URL: "http://127.0.0.1:1" },
          { salesEmail: "s@x.se" },
        ),
      ),
    ).toEqual(["email", "webhook"]);
  });
});

describe("delivery over SMTP and the webhook, on loopback", () => {
  it("delivers a mail and a signed webhook once each, keyed by the notification", async () => {
    const store = memoryStore([lead]);
    store.enqueue(7, ["email", "webhook"]);
    const channels = {
      email: createMailer({
        url: `${smtp.url}?user=u&pass=smtp-password-x`,
        to: "salj@nordlysai.se",
        from: "webb@nordlysai.se",
      }),
      webhook: createWebhook({ url: hook.url, secret: SECRET }),
    };
    const w = worker(store, channels);
    w.start();
    await until(() => store.rows.every((r) => r.state === "delivered"));
    await w.stop();

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail.to).toEqual(["salj@nordlysai.se"]);
    expect(mailHeader(mail.raw, "Subject")).toBe("Ny förfrågan för Automation");
    expect(mail.raw).toMatch(/^Message-ID: <n7-email@nordlysai\.se>$/m);
    expect(mail.raw).toMatch(/^Reply-To: erik@lund\.se$/m);
    expect(mail.raw).toMatch(/^X-Suspected-Spam: yes$/m);
    expect(mail.raw).not.toContain("smtp-password-x");

    expect(hook.requests).toHaveLength(1);
    const [req] = hook.requests;
    expect(req.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBe("n7:webhook");
    // Issue 43: the signature covers a timestamp, so a captured request cannot be replayed later.
    const signature = req.headers[SIGNATURE_HEADER.toLowerCase()];
    expect(signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verifyLeadSignature(signature, req.body, SECRET)).toBe(true);
    expect(verifyLeadSignature(signature, req.body.replace("Erik", "Erika"), SECRET)).toBe(false);
    expect(verifyLeadSignature(signature, req.body, "another-secret")).toBe(false);
    expect(verifyLeadSignature(signature, req.body, SECRET, { now: Date.now() + 6 * 60_000 })).toBe(false);
    expect(JSON.parse(req.body)).toMatchObject({
      subject: "Ny förfrågan för Automation",
      from_name: "Erik Lund",
      phone: "070-123 45 67",
      suspectedSpam: true,
    });
    expect(req.body).not.toContain(SECRET);
    expect(logs).toEqual([]);
  });

  it("retries a mail the server refuses, and a webhook that answers 500, until delivered once", async () => {
    const store = memoryStore([lead]);
    store.enqueue(7, ["email", "webhook"]);
    smtp.refuse(2);
    let calls = 0;
    hook.respondWith(() => (++calls <= 2 ? 500 : 200));
    const w = worker(store, {
      email: createMailer({ url: smtp.url, to: "salj@nordlysai.se" }),
      webhook: createWebhook({ url: hook.url, secret: SECRET }),
    });
    w.start();
    await until(() => store.rows.every((r) => r.state === "delivered"));
    await w.stop();
    expect(smtp.mails).toHaveLength(1);
    expect(hook.requests).toHaveLength(3);
    expect(new Set(hook.requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["n7:webhook"]));
    expect(store.rows.map((r) => r.attempts)).toEqual([3, 3]);
    expect(logs.filter((l) => l.includes("(attempt 1: EMESSAGE 451)"))).toHaveLength(1);
    expect(logs.filter((l) => l.includes("(attempt 2: HTTP 500)"))).toHaveLength(1);
    expectNoPersonalData();
  });

  it("waits out an SMTP server that is down and a webhook that hangs, then delivers", async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const store = memoryStore([lead]);
    store.enqueue(7, ["email", "webhook"]);
    let hang = true;
    hook.respondWith(() => (hang ? "hang" : 204));
    const w = worker(store, {
      email: createMailer({ url: `smtp://127.0.0.1:${port}`, to: "salj@nordlysai.se", timeoutMs: 500 }),
      webhook: createWebhook({ url: hook.url, timeoutMs: 200 }),
    });
    w.start();
    await until(() => store.rows.every((r) => r.attempts >= 2));
    expect(logs.some((l) => /email notification 1 failed \(attempt \d: ECONNREFUSED\)/.test(l))).toBe(true);
    expect(logs.some((l) => /webhook notification 2 failed \(attempt \d: timeout\)/.test(l))).toBe(true);
    const back = await startSmtp({ port });
    hang = false;
    await until(() => store.rows.every((r) => r.state === "delivered"));
    await w.stop();
    expect(back.mails).toHaveLength(1);
    await back.close();
    expectNoPersonalData();
  });

  it("resumes after a restart what the last run left, and never sends a delivered one again", async () => {
    const store = memoryStore([lead, { ...lead, id: 8 }]);
    store.enqueue(7, ["webhook"]);
    hook.respondWith(() => 500);
    const channels = { webhook: createWebhook({ url: hook.url }) };
    const first = worker(store, channels);
    first.start();
    await until(() => store.rows[0].attempts >= 1);
    await first.stop();
    hook.respondWith(() => 200);
    store.enqueue(8, ["webhook"]);
    const second = worker(store, channels);
    second.start();
    await until(() => store.rows.every((r) => r.state === "delivered"));
    const delivered = hook.requests.filter((r) => r.status === 200);
    expect(delivered.map((r) => r.headers["idempotency-key"]).sort()).toEqual(["n7:webhook", "n8:webhook"]);
    const before = hook.requests.length;
    second.kick();
    await second.runOnce();
    await second.stop();
    expect(hook.requests).toHaveLength(before);
  });
});
