// `npm run inbox` reads the local inbox (INBOX_DIR) for the sales team: the newest 20 (--all:
// every one), `-- show 3` one whole (a lead with its conversation), `-- csv [file]` all as CSV.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatList, formatMessage, parseInbox, toCsv } from "./lib/inbox-read.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const dir = process.env.INBOX_DIR ?? join(repo, "data", "inbox");
const file = join(dir, "messages.jsonl");
const formsJson = join(process.env.BUILD_ROOT ? join(process.env.BUILD_ROOT, "..") : join(repo, "build"), "forms.json");
const templates = existsSync(formsJson)
  ? JSON.parse(readFileSync(formsJson, "utf8")).templates
  : { contact: "template_contact", getStarted: "template_get_started", lead: "template_lead" };

const [command = "list", arg] = process.argv.slice(2).filter((a) => a !== "--all");
const all = process.argv.includes("--all");

if (!existsSync(file)) {
  console.log(`No messages yet (${file} does not exist).`);
  process.exit(0);
}
const { records, broken } = parseInbox(readFileSync(file, "utf8"));
if (broken > 0) console.error(`warning: ${broken} line(s) of ${file} are not messages and were skipped`);

if (command === "list") {
  console.log(formatList(records, templates, { limit: all ? Infinity : 20 }));
  console.log(`\n${records.length} message(s) in ${file}. Show one: npm run inbox -- show <#>`);
} else if (command === "show") {
  const record = records[Number(arg) - 1];
  if (!record) {
    console.error(`No message #${arg ?? ""}: give a number from the list (1 = newest, ${records.length} = oldest).`);
    process.exit(1);
  }
  console.log(formatMessage(record, templates));
} else if (command === "csv") {
  const csv = toCsv(records, templates);
  if (arg) {
    writeFileSync(arg, `\uFEFF${csv}`);
    console.log(`${records.length} message(s) written to ${arg}`);
  } else process.stdout.write(csv);
} else {
  console.error("Usage: npm run inbox [-- --all | show <#> | csv [file]]");
  process.exit(1);
}
