// `npm test`: every check, in stages. A stage's steps run side by side (alone, each leaves a core
// idle: tsc and ESLint use one, a build little more, the unit tests wait on servers and databases),
// their output held back and printed whole as each ends; a failed step fails `npm test` after its stage.
import { spawn } from "node:child_process";

const stages = [["typecheck", "lint", "build", "build:e2e", "test:unit"], ["test:e2e"]];

/** Runs `npm run <script>`: printed as it comes when alone in its stage, else once it ends. */
function run(script, alone) {
  const started = Date.now();
  if (alone) process.stdout.write(`\n> npm run ${script}\n`);
  const child = spawn("npm", ["run", script], {
    stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
  });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`\n> npm run ${script}: ${ok ? "ok" : `FAILED (${signal ?? code})`} in ${seconds} s\n`);
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

const started = Date.now();
for (const stage of stages) {
  const results = await Promise.all(stage.map((script) => run(script, stage.length === 1)));
  if (results.includes(false)) {
    const failed = stage.filter((_, i) => !results[i]);
    console.error(`\nnpm test: ${failed.join(", ")} failed`);
    process.exit(1);
  }
}
console.log(`\nnpm test: every check passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
