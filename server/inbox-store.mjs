import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";
import { safeForLog } from "./log-safe.mjs";

/** Default cap of messages.jsonl (INBOX_MAX_BYTES): thousands of real messages, not a full disk. */
export const DEFAULT_INBOX_MAX_BYTES = 100 * 1024 * 1024;

/**
 * One JSON line. U+2028, U+2029 and U+0085 are valid in JSON strings but some readers split
 * lines on them, so they are escaped like control characters.
 * @param {unknown} record
 */
export function jsonLine(record) {
  return `${JSON.stringify(record).replace(/[\u2028\u2029\u0085]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`)}\n`;
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The inbox file: appends one record at a time (never interleaved), each flushed to disk before
 * the promise resolves, and refuses records once the file would pass `maxBytes`.
 * @param {{ dir: string, maxBytes?: number, log?: (line: string) => void }} options
 */
export function createInboxStore({ dir, maxBytes = DEFAULT_INBOX_MAX_BYTES, log = console.log }) {
  const file = join(dir, "messages.jsonl");
  let queue = Promise.resolve();
  let dirReady = false;
  let full = false;

  async function write(record) {
    // Retried on each message until it works: a folder fixed after a failure is used at once.
    if (!dirReady) {
      await mkdir(dir, { recursive: true });
      dirReady = true;
    }
    const line = jsonLine(record);
    const bytes = Buffer.byteLength(line);
    const handle = await open(file, "a");
    try {
      // The size on disk each time, so an operator who archives the file frees the inbox at once.
      const { size } = await handle.stat();
      if (size + bytes > maxBytes) {
        if (!full) {
          log(
            `inbox: FULL: ${file} is ${megabytes(size)} and the cap is ${megabytes(maxBytes)} (INBOX_MAX_BYTES); ` +
              "new messages are refused with 507 until it is archived or the cap raised",
          );
        }
        full = true;
        return "full";
      }
      if (full) log(`inbox: space again (${megabytes(size)} of ${megabytes(maxBytes)}); taking messages`);
      full = false;
      try {
        await handle.writeFile(line);
        await handle.sync();
      } catch (error) {
        // No half line left behind for the next record to be glued to.
        await handle.truncate(size).catch(() => {});
        throw error;
      }
      if (size === 0) await syncDir(dir);
      return "stored";
    } finally {
      await handle.close();
    }
  }

  return {
    file,
    /**
     * @param {Record<string, unknown>} record
     * @returns {Promise<"stored" | "full">}
     */
    append(record) {
      const result = queue.then(() => write(record));
      queue = result.catch((error) => log(`inbox: could not write ${file}: ${safeForLog(error?.message)}`));
      return result;
    },
  };
}

/** A new file's directory entry, flushed too, so the file itself survives a power cut. */
async function syncDir(dir) {
  const handle = await open(dir, "r").catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}
