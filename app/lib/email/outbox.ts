import { FORM_KINDS } from "#common/message-kinds.mjs";
import type { EmailTarget, MessageKind } from "~/config/email";
import { readJson, writeJson } from "~/lib/safe-storage";
import { isTransient, type SendFailureKind, type SendResult } from "./send-result";

// Every message is kept here until accepted or refused for good; a transient failure is retried
// with backoff across reloads and tabs, one tab at a time (decision 001).

export interface OutboxEntry {
  id: string;
  kind: MessageKind;
  target: EmailTarget;
  params: Record<string, string>;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  /** Until when the tab that is sending owns the entry (a closed tab's lease runs out). */
  leaseUntil: number;
}

export type DeliveryOutcome =
  | { status: "sent" }
  | { status: "queued"; kind: SendFailureKind }
  | { status: "failed"; kind: SendFailureKind; detail: string };

export type OutboxEvent = { type: "changed" } | { type: "delivered"; entry: OutboxEntry };

export interface OutboxDeps {
  send: (target: EmailTarget, params: Record<string, string>) => Promise<SendResult>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  /** Runs `fn` exclusively across tabs. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  isOnline?: () => boolean;
  storageKey?: string;
}

export const OUTBOX_KEY = "emma.outbox.v1";
export const LEASE_MS = 60_000;
export const MAX_ENTRIES = 50;
// The longest wait, for a Retry-After and per timer (setTimeout overflows past ~24.8 days);
// an attempt or lease further ahead comes from a clock set back and counts as due.
export const MAX_WAIT_MS = 60 * 60_000;

/** Spec §9: min(1000·2^n, 30000) ms after the n-th failed attempt (n from 0). */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** A kind as an entry kept before decision 066 may spell it: its queued message is still sent. */
const kindOf = (kind: unknown): MessageKind | undefined =>
  kind === "getStarted" ? "get-started" : FORM_KINDS.find((k) => k === kind);

function isEntry(v: unknown): v is OutboxEntry {
  if (typeof v !== "object" || v === null) return false;
  const e = v as Record<string, unknown>;
  const t = e.target as Record<string, unknown> | undefined;
  return (
    typeof e.id === "string" &&
    kindOf(e.kind) !== undefined &&
    typeof t === "object" &&
    t !== null &&
    ["origin", "publicKey", "serviceId", "templateId"].every((k) => typeof t[k] === "string") &&
    typeof e.params === "object" &&
    e.params !== null &&
    Object.values(e.params).every((p) => typeof p === "string") &&
    typeof e.attempts === "number" &&
    typeof e.nextAttemptAt === "number" &&
    typeof e.leaseUntil === "number" &&
    typeof e.createdAt === "number"
  );
}

const isEntryList = (v: unknown): v is OutboxEntry[] => Array.isArray(v) && v.every(isEntry);

let fallbackChain: Promise<unknown> = Promise.resolve();
function defaultLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks) return locks.request("emma-outbox", fn) as Promise<T>;
  const run = fallbackChain.then(fn, fn);
  fallbackChain = run.catch(() => {});
  return run;
}

export function createOutbox(deps: OutboxDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>));
  const lock = deps.lock ?? defaultLock;
  const isOnline = deps.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
  const key = deps.storageKey ?? OUTBOX_KEY;
  const listeners = new Set<(e: OutboxEvent) => void>();
  // If storage is unavailable, entries live in memory for as long as the page is open.
  let memory: OutboxEntry[] = [];
  let timer: unknown = null;
  let counter = 0;

  const load = (): OutboxEntry[] =>
    readJson("local", key, isEntryList, memory).map((e) => ({ ...e, kind: kindOf(e.kind) ?? e.kind }));
  const save = (entries: OutboxEntry[]) => {
    memory = entries;
    writeJson("local", key, entries);
    emit({ type: "changed" });
  };
  const emit = (e: OutboxEvent) => listeners.forEach((l) => l(e));
  const update = (id: string, patch: Partial<OutboxEntry>) =>
    save(load().map((e) => (e.id === id ? { ...e, ...patch } : e)));
  const remove = (id: string) => save(load().filter((e) => e.id !== id));
  // A time further ahead than the outbox ever waits was stored under another clock: it is due.
  const sane = (t: number) => (t - now() > MAX_WAIT_MS ? 0 : t);
  const dueAt = (e: OutboxEntry) => sane(e.nextAttemptAt);
  const leasedUntil = (e: OutboxEntry) => (e.leaseUntil - now() > LEASE_MS ? 0 : e.leaseUntil);

  async function attempt(entry: OutboxEntry): Promise<DeliveryOutcome> {
    update(entry.id, { leaseUntil: now() + LEASE_MS });
    const result = await deps.send(entry.target, entry.params);
    if (result.ok) {
      remove(entry.id);
      return { status: "sent" };
    }
    if (isTransient(result.kind)) {
      const wait = Math.min(Math.max(backoffMs(entry.attempts), result.retryAfterMs ?? 0), MAX_WAIT_MS);
      update(entry.id, { attempts: entry.attempts + 1, nextAttemptAt: now() + wait, leaseUntil: 0 });
      schedule();
      return { status: "queued", kind: result.kind };
    }
    remove(entry.id);
    return { status: "failed", kind: result.kind, detail: result.detail };
  }

  function schedule() {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const entries = load();
    if (entries.length === 0) return;
    const next = Math.min(...entries.map((e) => Math.max(dueAt(e), leasedUntil(e))));
    timer = setTimer(
      () => {
        timer = null;
        void flush();
      },
      Math.min(Math.max(0, next - now()), MAX_WAIT_MS) + 50,
    );
  }

  /** Sends every entry that is due and not leased by another tab. */
  async function flush(): Promise<void> {
    if (!isOnline() || load().length === 0) return;
    await lock(async () => {
      for (const entry of load()) {
        const current = load().find((e) => e.id === entry.id);
        if (!current || dueAt(current) > now() || leasedUntil(current) > now()) continue;
        const outcome = await attempt(current);
        if (outcome.status === "sent") emit({ type: "delivered", entry: current });
        if (outcome.status === "queued") break; // the service is down: wait for the backoff
      }
    });
    schedule();
  }

  /** Stores a message and tries to send it now. Resolves with what happened to it. */
  async function deliver(
    kind: MessageKind,
    target: EmailTarget,
    params: Record<string, string>,
  ): Promise<DeliveryOutcome> {
    const entries = load();
    const same = JSON.stringify([kind, target, params]);
    const duplicate = entries.find((e) => JSON.stringify([e.kind, e.target, e.params]) === same);
    if (duplicate) return { status: "queued", kind: "network" };
    const t = now();
    const entry: OutboxEntry = {
      id: `${t.toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      kind,
      target,
      params,
      createdAt: t,
      attempts: 0,
      nextAttemptAt: t,
      leaseUntil: t + LEASE_MS,
    };
    save([...entries, entry].slice(-MAX_ENTRIES));
    if (!isOnline()) {
      update(entry.id, { leaseUntil: 0 });
      schedule();
      return { status: "queued", kind: "network" };
    }
    return lock(async () => {
      const current = load().find((e) => e.id === entry.id);
      // Gone: another tab sent it after our lease ran out.
      return current ? attempt(current) : { status: "sent" };
    });
  }

  return {
    deliver,
    flush,
    pending: (): OutboxEntry[] => load(),
    subscribe(listener: (e: OutboxEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts retrying: now, when the browser comes online, and when another tab changes the outbox. */
    start(): () => void {
      const onOnline = () => void flush();
      const onStorage = (e: StorageEvent) => {
        if (e.key === key) {
          emit({ type: "changed" });
          schedule();
        }
      };
      window.addEventListener("online", onOnline);
      window.addEventListener("storage", onStorage);
      void flush();
      return () => {
        window.removeEventListener("online", onOnline);
        window.removeEventListener("storage", onStorage);
        if (timer !== null) clearTimer(timer);
        timer = null;
      };
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
