// `npm run eval:emma`: Emma's figures per question set and per path (decision 019). The
// knowledge path runs the chat's own ladder; the AI path asks the site's endpoint in-process,
// its provider a fake on 127.0.0.1. `-- --misses` lists what went wrong (never for a held-out
// set); `-- --set tuning` one set; `-- --grid` the knowledge path's constants on the tuning sets.
import { runEvaluation, runGrid } from "../evals/emma/run.mjs";

const args = process.argv.slice(2);
if (args.includes("--grid")) {
  console.log((await runGrid()).join("\n"));
  process.exit(0);
}
const { lines } = await runEvaluation({
  misses: args.includes("--misses"),
  only: args.includes("--set") ? args[args.indexOf("--set") + 1] : null,
});
console.log(lines.join("\n"));
