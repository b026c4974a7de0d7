// The one-time import of the old file inbox, only read: the part imported is remembered by its length and hash,
// so a restart, a second server or a file that grew imports each line once (decision 021).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inTransaction } from "./engines.mjs";
import { messageRow } from "./records.mjs";
import { systemClock } from "../../lib/clock.mjs";

const META_KEY = "import:messages.jsonl";
const sha256 = (data) => createHash("sha256").update(data).digest("hex");

function kindOfOld(record, kindOfTemplate) {
  const p = record.template_params;
  return (
    kindOfTemplate(record.template_id) ?? (p.conversation ? "lead" : p.selected_service ? "get-started" : "contact")
  );
}

/** `offset`, the byte of the file `text` starts at, goes into each line's id; a line that is not a message is skipped.
 * @param {string} text @param {{ offset: number, firstLine: number, kindOfTemplate: (id: string) => string | undefined, now: Date }} options */
export function rowsOfJsonl(text, { offset, firstLine, kindOfTemplate, now }) {
  const rows = [];
  const skipped = [];
  let at = offset;
  text.split("\n").forEach((line, i) => {
    const start = at;
    at += Buffer.byteLength(line) + 1;
    if (line.trim() === "") return;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      skipped.push(firstLine + i);
      return;
    }
    const p = record?.template_params;
    if (typeof p !== "object" || p === null || Array.isArray(p)) {
      skipped.push(firstLine + i);
      return;
    }
    const receivedAt = Number.isNaN(Date.parse(record.receivedAt)) ? now : record.receivedAt;
    const id = `jsonl-${sha256(`${start}:${line}`).slice(0, 32)}`;
    rows.push(
      messageRow(
        {
          kind: kindOfOld(record, kindOfTemplate),
          template: String(record.template_id ?? ""),
          params: p,
          receivedAt,
          noJs: record.via === "no-js",
        },
        id,
      ),
    );
  });
  return { rows, skipped };
}

/** @param {import("kysely").Kysely<any>} db @param {{ file: string, kindOfTemplate: (id: string) => string | undefined,
 *   log: (line: string) => void, now?: import("../../lib/clock.mjs").Clock }} options */
export async function importJsonl(db, { file, kindOfTemplate, log, now = systemClock }) {
  const data = await readFile(file).catch((error) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!data) return { imported: 0, skipped: [] };
  const meta = await db.selectFrom("store_meta").select("value").where("key", "=", META_KEY).executeTakeFirst();
  const done = meta ? JSON.parse(meta.value) : null;
  const start =
    done && done.bytes <= data.length && sha256(data.subarray(0, done.bytes)) === done.sha256 ? done.bytes : 0;
  if (start === data.length) return { imported: 0, skipped: [] };

  const firstLine = start === 0 ? 1 : data.subarray(0, start).toString("utf8").split("\n").length;
  const { rows, skipped } = rowsOfJsonl(data.subarray(start).toString("utf8"), {
    offset: start,
    firstLine,
    kindOfTemplate,
    now: now(),
  });
  let imported = 0;
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < rows.length; i += 200) {
      const result = await trx
        .insertInto("messages")
        .values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      imported += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    const value = JSON.stringify({ bytes: data.length, sha256: sha256(data) });
    await trx
      .insertInto("store_meta")
      .values({ key: META_KEY, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
  });
  for (const line of skipped) log(`store: line ${line} of ${file} is not a message: skipped (it stays in the file)`);
  log(`store: imported ${imported} message(s) from ${file}; the file is kept as it was`);
  return { imported, skipped };
}
