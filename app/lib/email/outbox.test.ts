// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EmailTarget } from "~/config/email";
import type { SendResult } from "./send-result";
import { backoffMs, createOutbox, MAX_WAIT_MS, OUTBOX_KEY } from "./outbox";

const target: EmailTarget = { origin: "https://api.emailjs.com", publicKey: "pk", serviceId: "s", templateId: "t" };
const ok: SendResult = { ok: true, status: 200 };
const down: SendResult = { ok: false, kind: "server", status: 500, detail: "" };
const bad: SendResult = { ok: false, kind: "rejected", status: 400, detail: "Bad" };

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

function make(results: SendResult[], online = () => true) {
  const send = vi.fn(async () => results.shift() ?? ok);
  const outbox = createOutbox({ send, isOnline: online });
  return { send, outbox };
}

describe("backoffMs", () => {
  it("doubles from 1 s and caps at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("outbox", () => {
  it("sends at once and keeps nothing on success", async () => {
    const { send, outbox } = make([ok]);
    await expect(outbox.deliver("contact", target, { a: "1" })).resolves.toEqual({ status: "sent" });
    expect(send).toHaveBeenCalledWith(target, { a: "1" });
    expect(outbox.pending()).toEqual([]);
  });

  it("keeps a transiently failed message and retries it with backoff until it is sent once", async () => {
    const { send, outbox } = make([down, down, ok]);
    const delivered = vi.fn();
    outbox.subscribe((e) => e.type === "delivered" && delivered(e.entry.params));
    await expect(outbox.deliver("contact", target, { a: "1" })).resolves.toEqual({ status: "queued", kind: "server" });
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000 + 60);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1900);
    expect(send).toHaveBeenCalledTimes(2); // second backoff is 2 s
    await vi.advanceTimersByTimeAsync(200);
    expect(send).toHaveBeenCalledTimes(3);
    expect(delivered).toHaveBeenCalledWith({ a: "1" });
    expect(outbox.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("drops a permanently refused message and says so", async () => {
    const { outbox } = make([bad]);
    await expect(outbox.deliver("lead", target, { a: "1" })).resolves.toEqual({
      status: "failed",
      kind: "rejected",
      detail: "Bad",
    });
    expect(outbox.pending()).toEqual([]);
  });

  it("survives a reload: a new outbox over the same storage sends what was left", async () => {
    const first = make([down]);
    await first.outbox.deliver("contact", target, { a: "1" });
    vi.clearAllTimers(); // the page is gone, and its timers with it
    const second = make([ok]);
    const stop = second.outbox.start();
    await vi.advanceTimersByTimeAsync(1100);
    expect(second.send).toHaveBeenCalledTimes(1);
    expect(second.outbox.pending()).toEqual([]);
    stop();
  });

  it("sends a get-started message a visitor's browser kept as 'getStarted' before decision 066", async () => {
    const kept = { id: "old-1", kind: "getStarted", target, params: { a: "1" }, createdAt: 0, attempts: 1 };
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ ...kept, nextAttemptAt: 0, leaseUntil: 0 }]));
    const { send, outbox } = make([ok]);
    expect(outbox.pending().map((e) => e.kind)).toEqual(["get-started"]);
    const delivered = vi.fn();
    outbox.subscribe((e) => e.type === "delivered" && delivered(e.entry.kind));
    const stop = outbox.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(send).toHaveBeenCalledWith(target, { a: "1" });
    expect(delivered).toHaveBeenCalledWith("get-started");
    expect(outbox.pending()).toEqual([]);
    stop();
  });

  it("does not add the same message twice (double click)", async () => {
    const { send, outbox } = make([down]);
    await outbox.deliver("contact", target, { a: "1" });
    await outbox.deliver("contact", target, { a: "1" });
    expect(outbox.pending()).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("waits while offline and sends when the browser comes online", async () => {
    let online = false;
    const { send, outbox } = make([ok], () => online);
    const stop = outbox.start();
    await expect(outbox.deliver("contact", target, { a: "1" })).resolves.toEqual({ status: "queued", kind: "network" });
    expect(send).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(10);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
  });

  it("ignores garbage in storage", () => {
    localStorage.setItem(OUTBOX_KEY, '[{"id":1}]');
    expect(make([]).outbox.pending()).toEqual([]);
  });

  it("skips an entry another tab is sending (its lease)", async () => {
    const { outbox } = make([down]);
    await outbox.deliver("contact", target, { a: "1" });
    const [entry] = outbox.pending();
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ ...entry, nextAttemptAt: 0, leaseUntil: Date.now() + 30_000 }]));
    const other = make([ok]);
    await other.outbox.flush();
    expect(other.send).not.toHaveBeenCalled();
  });

  it("waits as long as a 429's Retry-After asks, then sends", async () => {
    const limited: SendResult = { ok: false, kind: "rate-limited", status: 429, detail: "", retryAfterMs: 120_000 };
    const { send, outbox } = make([limited, ok]);
    await expect(outbox.deliver("lead", target, { a: "1" })).resolves.toEqual({
      status: "queued",
      kind: "rate-limited",
    });
    await vi.advanceTimersByTimeAsync(119_000);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.pending()).toEqual([]);
  });

  it("keeps a message the inbox refused as full (507) and sends it later", async () => {
    const full: SendResult = { ok: false, kind: "server", status: 507, detail: "Insufficient Storage" };
    const { send, outbox } = make([full, ok]);
    await expect(outbox.deliver("contact", target, { a: "1" })).resolves.toEqual({ status: "queued", kind: "server" });
    expect(outbox.pending()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1100);
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.pending()).toEqual([]);
  });

  it("never sets a timer beyond the longest wait, and an attempt a month ahead (clock set back) is due", async () => {
    const setTimer = vi.fn((fn: () => void, ms: number) => setTimeout(fn, ms));
    const send = vi.fn(async () => ok);
    const outbox = createOutbox({ send, setTimer });
    const entry = {
      id: "x",
      kind: "lead",
      target,
      params: { a: "1" },
      createdAt: Date.now(),
      attempts: 3,
      nextAttemptAt: Date.now() + 31 * 24 * 3600_000,
      leaseUntil: Date.now() + 31 * 24 * 3600_000,
    };
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([entry]));
    const stop = outbox.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.pending()).toEqual([]);
    expect(setTimer.mock.calls.every(([, ms]) => ms <= MAX_WAIT_MS + 50)).toBe(true);
    stop();
  });

  it("caps a long Retry-After at the longest wait, so the timer cannot overflow", async () => {
    const setTimer = vi.fn((fn: () => void, ms: number) => setTimeout(fn, ms));
    const limited: SendResult = {
      ok: false,
      kind: "rate-limited",
      status: 429,
      detail: "",
      retryAfterMs: 40 * 86_400_000,
    };
    const results = [limited, ok];
    const send = vi.fn(async () => results.shift() ?? ok);
    const outbox = createOutbox({ send, setTimer });
    await outbox.deliver("contact", target, { a: "1" });
    expect(setTimer.mock.calls.at(-1)?.[1]).toBeLessThanOrEqual(MAX_WAIT_MS + 50);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS + 100);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
