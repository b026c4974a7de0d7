// Emma's call tools for `npm run bench` (issue 31): the answer time of POST /api/vapi for the
// search tool, over HTTP to `node server/index.mjs` on loopback, as Vapi would ask it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadModule } from "./site-config.mjs";
import { percentile, startSiteServer as startServer } from "./site-server.mjs";

const SECRET = "bench-vapi-secret";

/** @param {{ buildDir: string, runs?: number, log: (msg: string) => void }} options */
export async function benchVapi({ buildDir, runs = 300, log }) {
  const [{ regressionSet }, { callAssistantCopy }] = await Promise.all([
    loadModule("evals/emma/manifest.ts"),
    loadModule("app/content/voice-assistant.ts"),
  ]);
  const asked = [...regressionSet.questions.map(([q]) => q), ...regressionSet.offTopic];
  const inbox = mkdtempSync(join(tmpdir(), "bench-vapi-"));
  const site = await startServer({
    BUILD_ROOT: join(buildDir, "client"),
    INBOX_DIR: inbox,
    VAPI_SERVER_SECRET: SECRET,
    VAPI_RATE_PER_CALL: "1000000",
  });
  const { name, question } = callAssistantCopy.search;
  const ask = async (q, i) => {
    const body = {
      message: {
        type: "tool-calls",
        call: { id: "bench-call" },
        toolCallList: [{ id: `t${i}`, type: "function", function: { name, arguments: { [question.name]: q } } }],
      },
    };
    const t0 = performance.now();
    const res = await fetch(`${site.url}/api/vapi`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${SECRET}` },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200 || !json.results?.[0]) throw new Error(`POST /api/vapi answered ${res.status}`);
    return { ms, answered: json.results[0].metadata !== undefined };
  };
  const times = [];
  let answered = 0;
  try {
    for (let i = 0; i < 20; i++) await ask(asked[i % asked.length], i); // warm-up: JIT, connection
    for (let i = 0; i < runs; i++) {
      const r = await ask(asked[i % asked.length], i);
      times.push(r.ms);
      if (r.answered) answered++;
    }
  } finally {
    site.stop();
    rmSync(inbox, { recursive: true, force: true });
  }
  const figures = {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
    runs,
    answered,
  };
  log(`vapi: search tool ${figures.p95.toFixed(1)} ms p95 over HTTP`);
  return figures;
}

/** The bench's lines for these figures, with the target. */
export function vapiReport(v) {
  return [
    "Emma by voice (issue 31):",
    `  ${v.p95 <= 50 ? "✓" : "✗"} call search tool answered in ${v.p95.toFixed(1)} ms p95, ${v.p50.toFixed(1)} ms median, ${v.max.toFixed(1)} ms max of ${v.runs} (target p95 ≤ 50 ms; ${v.answered} answered from a page)`,
  ];
}

// `node scripts/lib/bench-vapi.mjs`: this figure alone, on the build that is there.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchVapi({ buildDir: process.env.BUILD_DIR ?? "build", log: (msg) => console.log(msg) });
  console.log(vapiReport(figures).join("\n"));
}
