// `npm run admin:hash [password]`: the value of ADMIN_PASSWORD_HASH, alone on the last line.
// Without an argument the password is read from standard input (so it stays out of the shell history).
import { hashPassword } from "../server/routes/admin/password.mjs";

async function readStdin() {
  if (process.stdin.isTTY) process.stderr.write("Lösenord (avsluta med Enter och Ctrl-D): ");
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, "");
}

const password = process.argv[2] ?? (await readStdin());
if (password.length < 12) {
  console.error("The password must have at least 12 characters.");
  process.exit(1);
}
console.log(await hashPassword(password));
