// `npm run inbox` reads the store (INBOX_DIR's inbox.db, or DATABASE_URL) for the sales team: the
// newest 20 (--all: every one), `-- show 3` one whole, `-- csv [file]`, `-- pending` what is not
// yet delivered, `-- export <e-mail>` everything about a person, `-- erase <e-mail>` delete it.
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_TEMPLATE_IDS } from "#common/message-kinds.mjs";
import { DEFAULT_RESERVE_BYTES, openStore, StoreUnavailableError } from "../server/adapters/store/index.mjs";
import { createSalesTeam } from "../server/adapters/store/sales-team.mjs";
import { formatList, formatMessage } from "../server/lib/inbox-read.mjs";
import { csvBatches } from "../server/routes/admin/messages.mjs";
import { formatPending, personJson, recordOf, stateLines } from "../server/lib/inbox-store-read.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const dir = process.env.INBOX_DIR ?? join(repo, "data", "inbox");
const formsJson = join(process.env.BUILD_ROOT ? join(process.env.BUILD_ROOT, "..") : join(repo, "build"), "forms.json");
const forms = existsSync(formsJson) ? JSON.parse(readFileSync(formsJson, "utf8")) : null;
const templates = forms?.templates ?? DEFAULT_TEMPLATE_IDS;
/** The page's CSV words from the build; without a build, the columns' own names. */
const csvCopy = forms?.admin?.csv ?? { columns: {}, kinds: {}, states: {}, yes: "ja" };

const [command = "list", arg] = process.argv.slice(2).filter((a) => a !== "--all");
const all = process.argv.includes("--all");
const usage = "Usage: npm run inbox [-- --all | show <#> | csv [file] | pending | export <e-mail> | erase <e-mail>]";

if (!["list", "show", "csv", "pending", "export", "erase"].includes(command)) {
  console.error(usage);
  process.exit(1);
}
if ((command === "export" || command === "erase") && !arg?.includes("@")) {
  console.error(`Give the person's e-mail address: npm run inbox -- ${command} person@example.se`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
if (!databaseUrl && !existsSync(join(dir, "inbox.db")) && !existsSync(join(dir, "messages.jsonl"))) {
  console.log(`No messages yet (${join(dir, "inbox.db")} does not exist).`);
  process.exit(0);
}

const store = openStore({
  databaseUrl,
  dir,
  templates,
  maxBytes: 0,
  reserveBytes: DEFAULT_RESERVE_BYTES,
  log: (line) => console.error(line),
});
try {
  await run();
} catch (error) {
  if (!(error instanceof StoreUnavailableError)) throw error;
  console.error(`Cannot reach the store (${store.where}): is the database running?`);
  process.exitCode = 2;
} finally {
  await store.close();
}

async function run() {
  if (command === "list") {
    const { total, items } = await store.listMessages({ limit: all ? 10_000 : 20 });
    const list = formatList(items.map(recordOf), templates, { limit: Infinity });
    console.log(list);
    if (total > items.length) console.log(`… ${total - items.length} older (--all to list every one)`);
    console.log(`\n${total} message(s) in ${store.where}. Show one: npm run inbox -- show <#>`);
    const pending = await store.pendingNotifications();
    if (pending.length > 0) console.log(`\n${formatPending(pending)}`);
  } else if (command === "show") {
    const n = Number(arg);
    const { total, items } = await store.listMessages({ limit: 1, offset: Number.isInteger(n) && n > 0 ? n - 1 : 0 });
    if (!(Number.isInteger(n) && n > 0) || items.length === 0) {
      console.error(`No message #${arg ?? ""}: give a number from the list (1 = newest, ${total} = oldest).`);
      process.exitCode = 1;
      return;
    }
    const [head, ...rest] = formatMessage(recordOf(items[0]), templates).split("\n\n");
    console.log([`${head}\n${stateLines(items[0]).join("\n")}`, ...rest].join("\n\n"));
  } else if (command === "csv") {
    // The operator page's export: Swedish columns, `;`, Stockholm time, state, owner and notes.
    const out = arg ? createWriteStream(arg) : process.stdout;
    let count = 0;
    const batches = csvBatches({
      store,
      team: createSalesTeam(store),
      copy: csvCopy,
      onBatch: (items) => void (count += items.length),
    });
    for await (const chunk of batches) {
      // A BOM tells Excel the file is UTF-8; a terminal or a pipe gets the text alone.
      if (!out.write(arg ? chunk : chunk.replace(/^\uFEFF/, ""))) await once(out, "drain");
    }
    if (arg) {
      await new Promise((resolve, reject) =>
        out.end((/** @type {any} */ error) => (error ? reject(error) : resolve(undefined))),
      );
      console.log(`${count} message(s) written to ${arg}`);
    }
  } else if (command === "pending") {
    console.log(formatPending(await store.pendingNotifications()));
  } else if (command === "export") {
    console.log(personJson(await store.exportPerson(arg)));
  } else if (command === "erase") {
    const count = await store.erasePerson(arg);
    console.log(`Erased ${count} message(s) from ${store.where} (and their notifications).`);
    if (existsSync(join(dir, "messages.jsonl"))) {
      console.log(`Note: ${join(dir, "messages.jsonl")} (the file inbox before the store) is kept as it was.`);
    }
  }
}
