// The server's log lines in a test: what it says at any level, kept out of the test's output.
import { vi } from "vitest";
import { logger } from "../lib/logger.mjs";

/** From now on until restore(): `lines` gets each line's message, `entries` its level and fields. */
export function captureLog() {
  /** @type {string[]} */
  const lines = [];
  /** @type {{ level: string, fields: Record<string, unknown>, msg: string }[]} */
  const entries = [];
  const spies = /** @type {const} */ (["debug", "info", "warn", "error"]).map((level) =>
    vi.spyOn(logger, level).mockImplementation((/** @type {any} */ first, /** @type {any} */ second) => {
      const msg = typeof first === "string" ? first : String(second ?? "");
      lines.push(msg);
      entries.push({ level, fields: typeof first === "object" ? first : {}, msg });
    }),
  );
  return { lines, entries, restore: () => spies.forEach((s) => s.mockRestore()) };
}
