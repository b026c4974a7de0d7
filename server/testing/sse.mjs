// A reader of a server-sent event stream for tests and the bench: each frame parsed as it arrives, and a wait
// on a condition (never a fixed sleep).

/** @param {Response} response */
export function readStream(response) {
  /** @type {{ id?: number, kind: string, data: any, at: number }[]} */
  const events = [];
  let comments = 0;
  let text = "";
  let raw = "";
  /** @type {Set<() => void>} */
  const waiters = new Set();
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (finished) break;
      const chunk = decoder.decode(value, { stream: true });
      raw += chunk;
      text += chunk;
      let end;
      while ((end = text.indexOf("\n\n")) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const fields = {};
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) comments++;
          const m = /^(\w+): ?(.*)$/.exec(line);
          if (m) fields[m[1]] = m[2];
        }
        if (fields.event)
          events.push({
            ...(fields.id === undefined ? {} : { id: Number(fields.id) }),
            kind: fields.event,
            data: JSON.parse(fields.data ?? "null"),
            at: performance.now(),
          });
      }
      for (const wake of waiters) wake();
    }
    // Ended before the last wake, so a wait on `ended` is woken by it.
    ended = true;
    for (const wake of waiters) wake();
  })();
  let ended = false;

  /** Resolves once `check()` is true; rejects after `ms`. @param {() => boolean} check */
  const until = (check, ms = 5000, what = "the stream") =>
    new Promise((resolve, reject) => {
      if (check()) return resolve(undefined);
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`${what}: not within ${ms} ms; got ${JSON.stringify(events.map((e) => e.kind))}`));
      }, ms);
      const wake = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(undefined);
      };
      waiters.add(wake);
    });

  return {
    events,
    get comments() {
      return comments;
    },
    get raw() {
      return raw;
    },
    get ended() {
      return ended;
    },
    /** The kept events of `kind` (all when absent). @param {string} [kind] */
    kept: (kind) => events.filter((e) => e.id !== undefined && (!kind || e.kind === kind)),
    until,
    ended_: done,
    close: () => reader.cancel().catch(() => {}),
  };
}
