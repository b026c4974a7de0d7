// `npm run admin:user -- add NAME E-MAIL | remove E-MAIL | password E-MAIL | list`: the sales
// team's accounts in the store (DATABASE_URL or INBOX_DIR, like the server). `add` and `password`
// print a one-time link (7 days) where the salesperson chooses a password; `remove` and
// `password` end the person's sessions on every server at once.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openStore, StoreUnavailableError } from "../server/adapters/store/index.mjs";
import { createSalesTeam } from "../server/adapters/store/sales-team.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const dir = process.env.INBOX_DIR ?? join(repo, "data", "inbox");
const formsJson = join(process.env.BUILD_ROOT ? join(process.env.BUILD_ROOT, "..") : join(repo, "build"), "forms.json");
const siteUrl = (
  process.env.VITE_SITE_URL ||
  (existsSync(formsJson) ? JSON.parse(readFileSync(formsJson, "utf8")).siteUrl : "") ||
  "http://127.0.0.1:4173"
).replace(/\/$/, "");

const usage = "Usage: npm run admin:user -- add NAME E-MAIL | remove E-MAIL | password E-MAIL | list";
const [command, ...args] = process.argv.slice(2);
const isEmail = (s) => typeof s === "string" && /^[^\s@]{1,200}@[^\s@]{1,200}$/.test(s);
const email = command === "add" ? args[args.length - 1] : args[0];
const name = command === "add" ? args.slice(0, -1).join(" ").trim() : "";

if (!["add", "remove", "password", "list"].includes(command ?? "") || (command !== "list" && !isEmail(email))) {
  console.error(usage);
  process.exit(1);
}
if (command === "add" && !name) {
  console.error(`Give the salesperson's name before the address: npm run admin:user -- add "Anna Berg" ${email}`);
  process.exit(1);
}

const store = openStore({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dir,
  maxBytes: 0,
  log: (l) => console.error(l),
});
const team = createSalesTeam(store);
const link = (token) => `${siteUrl}/admin/valkommen#${token}`;
try {
  if (command === "add") {
    const added = await team.addAccount({ name, email });
    if (!added) {
      console.error(`${email} already has an account (npm run admin:user -- password ${email} gives a new link).`);
      process.exitCode = 1;
    } else {
      console.log(
        `Added ${added.account.name} <${added.account.email}>. Send them this one-time link (7 days) to choose a password:`,
      );
      console.log(link(added.token));
    }
  } else if (command === "password") {
    const reset = await team.resetAccount(email);
    if (!reset) {
      console.error(`No account for ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(`${reset.account.name}'s password is cleared and their sessions ended. One-time link (7 days):`);
      console.log(link(reset.token));
    }
  } else if (command === "remove") {
    const removed = await team.removeAccount(email);
    console.log(removed ? `Removed ${email}; their sessions have ended.` : `No account for ${email}.`);
    if (!removed) process.exitCode = 1;
  } else {
    const people = await team.listAccounts();
    for (const p of people) {
      console.log(`${p.name} <${p.email}>${p.passwordHash ? "" : " (has not chosen a password yet)"}`);
    }
    console.log(`${people.length} account(s) besides the first (ADMIN_PASSWORD_HASH) in ${store.where}.`);
  }
} catch (error) {
  if (!(error instanceof StoreUnavailableError)) throw error;
  console.error(`Cannot reach the store (${store.where}): is the database running?`);
  process.exitCode = 2;
} finally {
  await store.close();
}
