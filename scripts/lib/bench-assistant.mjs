// Emma's figures for `npm run bench` (issue 20): the knowledge chunk's size, Enter → knowledge
// answer on screen, retrieval time on the server, and time to first token through the site's AI
// endpoint against straight to the same fake provider, one question and 500 at once (issue 52).
// Figures, not tests.
/* global document, addEventListener, MutationObserver, requestAnimationFrame -- in page.evaluate */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { createKnowledgeIndex } from "#common/search.mjs";
import { chunkClosure, LAZY_MODULES, readChunkManifest } from "./build-assets.mjs";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";
import { runEvaluation } from "../../evals/emma/run.mjs";
import { startFakeProvider } from "../../server/testing/fake-ai-provider.mjs";
import { loadModule } from "./site-config.mjs";
import { cpuMsOf, percentile, startSiteServer as startServer } from "./site-server.mjs";

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2 : NaN;
};
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Milliseconds from sending a streamed chat request to its first content delta. */
async function timeToFirstToken(url, body, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`stream ended before a token (${res.status}): ${seen.slice(0, 200)}`);
    seen += value;
    if (seen.includes('"content"')) {
      const t = performance.now() - t0;
      await reader.cancel();
      return t;
    }
  }
}

/** The site's AI settings for the TTFT figures: bench settings, never production defaults. */
const benchAiEnv = (baseUrl) => ({
  AI_API_KEY: "bench-key",
  AI_BASE_URL: baseUrl,
  AI_RATE_PER_MINUTE: "100000",
  AI_RATE_PER_DAY: "100000",
  AI_DAILY_TOKENS: "1000000000",
});

/**
 * Milliseconds to the first content delta over a fresh connection from `localAddress` (any
 * 127.x.y.z is loopback on Linux, so each of a burst's questions comes from a visitor of its own),
 * once the answer has ended: a visitor reads it whole.
 * @param {string} url @param {object} body @param {Record<string, string>} headers @param {string} localAddress
 */
function firstTokenFrom(url, body, headers, localAddress) {
  const t0 = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent: false,
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        res.setEncoding("utf8");
        let seen = "";
        let first = NaN;
        res.on("data", (chunk) => {
          seen += chunk;
          if (Number.isNaN(first) && seen.includes('"content"')) first = performance.now() - t0;
        });
        res.on("end", () =>
          Number.isNaN(first)
            ? reject(new Error(`stream ended before a token (${res.statusCode}): ${seen.slice(0, 200)}`))
            : resolve(first),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** The i-th visitor's address: 127.1.0.1, 127.1.0.2, … (never 127.0.0.1, the bench's own). */
const visitorAddress = (i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Questions each way before the burst's rounds, apart from theirs. */
const WARM_UP = 100;

/** p50, p95 and the list of one burst's times. */
const summary = (xs) => ({ p50: median(xs), p95: percentile(xs, 0.95), max: Math.max(...xs) });

/**
 * Time to first token with `count` questions sent at once, straight to the fake provider and
 * through the site's endpoint, alternating which goes first, `rounds` times. Every question is a
 * different one (the evaluation's sets, 1,900 of them), each from its own address, so no visitor's
 * limit refuses it.
 * @param {{ count?: number, rounds?: number, firstDelayMs?: number, log: (msg: string) => void,
 *   profileDir?: string, serverEnv?: Record<string, string> }} options profileDir: the site's process writes a
 *   CPU profile there; serverEnv: its settings beside the bench's
 */
export async function benchTtftBurst({ count = 500, rounds = 3, firstDelayMs = 300, log, profileDir, serverEnv = {} }) {
  const sets = (await loadModule("evals/emma/manifest.ts")).questionSets;
  // Questions no passage has as an example first: held out, then spent (the examples are exact matches).
  const ordered = ["held-out", "spent", "examples"].flatMap((role) => sets.filter((s) => s.role === role));
  const all = [...new Set(ordered.flatMap((s) => s.questions.map((v) => v.q)))];
  // Each round its own questions, while there are enough: no question is asked twice.
  const warmUp = all.slice(-WARM_UP);
  const questionsOf = (round) =>
    Array.from({ length: count }, (_, i) => all[(round * count + i) % (all.length - WARM_UP)]);
  const provider = await startFakeProvider();
  provider.answerWith({ kind: "stream", tokens: ["Hej", " där"], firstDelayMs });
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  // The server's log goes to a file, as to journald: through a pipe the busy bench read, it waited on it.
  const logDir = mkdtempSync(join(tmpdir(), "bench-ttft-"));
  const logFile = join(logDir, "server.log");
  const server = await startServer({ ...benchAiEnv(provider.baseUrl), ...serverEnv }, { nodeArgs, logFile });
  const straight = (q, i) =>
    firstTokenFrom(
      `${provider.baseUrl}/chat/completions`,
      { model: "bench", stream: true, messages: [{ role: "user", content: q }] },
      { authorization: "Bearer x" },
      visitorAddress(i),
    );
  const through = (q, i) =>
    firstTokenFrom(
      `${server.url}/api/assistant`,
      { message: q, history: [] },
      { origin: server.url },
      visitorAddress(i),
    );
  /** Each question's time, or its error's message: a burst reports its failures rather than stopping. */
  const burst = (ask, questions) =>
    Promise.all(questions.map((q, i) => ask(q, i).catch((/** @type {Error} */ e) => e.message)));
  const results = [];
  try {
    // A server that has answered before, as one in production has: its code is compiled, not its questions' words.
    await burst(straight, warmUp);
    await burst(through, warmUp);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? ["site", "direct"] : ["direct", "site"];
      const times = {};
      let cpuMs = NaN;
      for (const way of order) {
        const before = cpuMsOf(server.pid);
        times[way] = await burst(way === "site" ? through : straight, questionsOf(round));
        if (way === "site") cpuMs = cpuMsOf(server.pid) - before;
      }
      const failed = (way) => times[way].filter((t) => typeof t === "string");
      const direct = summary(times.direct.filter((t) => typeof t === "number"));
      const site = summary(times.site.filter((t) => typeof t === "number"));
      for (const way of order)
        if (failed(way).length) log(`assistant: ${failed(way).length} failed (${way}), the first: ${failed(way)[0]}`);
      // The server's CPU per question until the last first token: what the machine's load does not change.
      const cpuMsPerQuestion = cpuMs / count;
      results.push({
        direct,
        site,
        ratio: site.p50 / direct.p50,
        ratioP95: site.p95 / direct.p95,
        cpuMsPerQuestion,
        failed: failed("site").length + failed("direct").length,
        loadAverage: loadavg()[0],
      });
      log(
        `assistant: ${count} at once, round ${round + 1}: p50 ${site.p50.toFixed(0)} ms through the site, ` +
          `${direct.p50.toFixed(0)} ms straight (ratio ${(site.p50 / direct.p50).toFixed(2)}); ` +
          `p95 ${site.p95.toFixed(0)} / ${direct.p95.toFixed(0)} ms; server CPU ${cpuMsPerQuestion.toFixed(2)} ms a question; ` +
          `load ${loadavg()[0].toFixed(1)}`,
      );
    }
  } finally {
    server.stop();
    await provider.close();
  }
  rmSync(logDir, { recursive: true, force: true });
  const ratios = results.map((r) => r.ratio);
  return { count, rounds: results, ratioMedian: median(ratios), ratioMax: Math.max(...ratios), firstDelayMs };
}

/** The bench's lines for the burst. */
export function burstReport(b) {
  const round = (r, i) =>
    `    round ${i + 1}: p50 ${r.site.p50.toFixed(0)} ms through the site vs ${r.direct.p50.toFixed(0)} ms straight (ratio ${r.ratio.toFixed(2)}), ` +
    `p95 ${r.site.p95.toFixed(0)} vs ${r.direct.p95.toFixed(0)} ms (ratio ${r.ratioP95.toFixed(2)}), ` +
    `the server's CPU ${r.cpuMsPerQuestion.toFixed(2)} ms a question, load ${r.loadAverage.toFixed(1)}${r.failed ? `, ${r.failed} failed` : ""}`;
  return [
    `  ${b.ratioMedian <= 2 ? "✓" : "✗"} time to first token, ${b.count} questions at once (issue 52): p50 ratio ${b.ratioMedian.toFixed(2)} median of ${b.rounds.length} rounds, ${b.ratioMax.toFixed(2)} at most (target ≤ 2; ${b.count} addresses, fake provider ${b.firstDelayMs} ms to its first token)`,
    ...b.rounds.map(round),
  ];
}

/**
 * @param {{ buildDir: string, chromePath: string, runs?: number, log: (msg: string) => void }} options
 */
export async function benchAssistant({ buildDir, chromePath, runs = 20, log }) {
  const clientDir = join(buildDir, "client");
  const { questions, offTopic } = (await loadModule("evals/emma/manifest.ts")).regressionSet;
  const asked = questions.map(([q]) => q);

  // 1. Size: the search chunk (and what only it imports) and knowledge.json, gzip -9.
  const manifest = readChunkManifest(buildDir) ?? {};
  const chunkFiles = [...chunkClosure(manifest, LAZY_MODULES["Emma's knowledge (search)"])];
  const chunkGzip = chunkFiles.reduce((n, u) => n + gz(join(clientDir, u)), 0);
  const dataGzip = gz(join(clientDir, "knowledge.json"));

  // 2. Retrieval on the server, per question (the index built once, as the server does).
  const artifact = JSON.parse(readFileSync(join(clientDir, "knowledge.json"), "utf8"));
  const t0 = performance.now();
  const index = createKnowledgeIndex(artifact);
  const indexMs = performance.now() - t0;
  const times = [];
  for (let round = 0; round < 5; round++) {
    for (const q of [...asked, ...offTopic]) {
      const s = performance.now();
      index.search(q, { limit: 4 });
      times.push(performance.now() - s);
    }
  }
  log(`assistant: retrieval ${median(times).toFixed(2)} ms median per question`);

  // 3. Enter → knowledge answer on screen, in Chromium, once the chunk is loaded (no AI configured).
  const site = await startServer({});
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--headless", ...chromiumFlags] });
  const enterToAnswer = [];
  try {
    const page = await browser.newPage();
    page.on("crash", () => log("assistant: the page crashed"));
    await page.goto(site.url);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const loaded = page.waitForResponse((r) => r.url().endsWith("/knowledge.json"));
    await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
    await loaded;
    const input = page.getByRole("textbox", { name: "Din fråga till Emma" });
    // One answer first, so that the index is built: the figure is for a loaded chunk.
    await input.fill(asked[0]);
    await input.press("Enter");
    await page
      .getByRole("link", { name: /^Läs mer/ })
      .first()
      .waitFor();
    for (const q of asked.slice(0, runs)) {
      await input.fill(q);
      // Timed in the page: from the Enter keydown to the frame after Emma's answer (the second
      // new item: the question, then the answer; a canned reply has no link). 5 s at most.
      const timing = page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            let start = 0;
            const list = document.querySelector('[role="log"] ul');
            const before = list.children.length;
            addEventListener("keydown", () => (start = performance.now()), { capture: true, once: true });
            const timer = setTimeout(() => reject(new Error("no answer within 5 s")), 5000);
            const observer = new MutationObserver(() => {
              if (list.children.length >= before + 2) {
                observer.disconnect();
                clearTimeout(timer);
                requestAnimationFrame(() => resolve(performance.now() - start));
              }
            });
            observer.observe(list, { childList: true });
          }),
      );
      timing.catch(() => {}); // awaited below; a failure of press() is the one to report
      await input.press("Enter");
      enterToAnswer.push(await timing);
    }
  } finally {
    await browser.close();
    site.stop();
  }
  log(`assistant: Enter → knowledge answer ${median(enterToAnswer).toFixed(1)} ms median`);

  // 4. Time to first token: the site's endpoint against the same fake provider straight.
  const provider = await startFakeProvider();
  provider.answerWith({ kind: "stream", tokens: ["Hej", " där"], firstDelayMs: 300 });
  const aiSite = await startServer(benchAiEnv(provider.baseUrl));
  const direct = [];
  const through = [];
  try {
    for (let i = 0; i < runs; i++) {
      const q = asked[i % asked.length];
      const body = { model: "bench", stream: true, messages: [{ role: "user", content: q }] };
      direct.push(await timeToFirstToken(`${provider.baseUrl}/chat/completions`, body, { authorization: "Bearer x" }));
      // The endpoint answers only the site's own pages (decision 020): the browser's Origin.
      through.push(
        await timeToFirstToken(`${aiSite.url}/api/assistant`, { message: q, history: [] }, { origin: aiSite.url }),
      );
    }
  } finally {
    aiSite.stop();
    await provider.close();
  }
  const ttftRatio = median(through) / median(direct);
  const ttftLoadAverage = loadavg()[0];
  log(
    `assistant: TTFT ${median(through).toFixed(1)} ms through the site, ${median(direct).toFixed(1)} ms straight; load ${ttftLoadAverage.toFixed(1)}`,
  );
  const burst = await benchTtftBurst({ log });

  // 5. The evaluation (decision 019): per question set and path, with the prompt's tokens.
  const evaluation = await runEvaluation();

  return {
    knowledgeChunkGzip: chunkGzip,
    knowledgeDataGzip: dataGzip,
    knowledgeTotalGzip: chunkGzip + dataGzip,
    chunkFiles,
    indexBuildMs: indexMs,
    retrievalMsMedian: median(times),
    retrievalMsP95: percentile(times, 0.95),
    enterToAnswerMsMedian: median(enterToAnswer),
    enterToAnswerMsMax: Math.max(...enterToAnswer),
    ttftDirectMsMedian: median(direct),
    ttftSiteMsMedian: median(through),
    ttftRatio,
    ttftLoadAverage,
    burst,
    runs,
    evaluation: evaluation.figures,
    evaluationLines: evaluation.lines,
  };
}

/** The bench's lines for these figures, with the issue's targets. */
export function assistantReport(a) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const mark = (ok) => (ok ? "✓" : "✗");
  return [
    "Emma (issue 20):",
    `  ${mark(a.knowledgeTotalGzip <= 32 * 1024)} knowledge chunk ${kb(a.knowledgeTotalGzip)} gzip (search code ${kb(a.knowledgeChunkGzip)} + knowledge.json ${kb(a.knowledgeDataGzip)}; target ≤ 32 KB, decision 073)`,
    `  ${mark(a.enterToAnswerMsMedian <= 50)} Enter → knowledge answer on screen ${a.enterToAnswerMsMedian.toFixed(1)} ms median, ${a.enterToAnswerMsMax.toFixed(1)} ms max of ${a.runs} (target ≤ 50 ms once the chunk is loaded)`,
    `    retrieval on the server ${a.retrievalMsMedian.toFixed(2)} ms median, ${a.retrievalMsP95.toFixed(2)} ms p95 per question (index built in ${a.indexBuildMs.toFixed(1)} ms)`,
    ...(a.evaluationLines ?? []).map((l) => `  ${l}`),
    `  ${mark(a.ttftRatio <= 1.1)} time to first token through the site ${a.ttftSiteMsMedian.toFixed(1)} ms vs straight ${a.ttftDirectMsMedian.toFixed(1)} ms: ratio ${a.ttftRatio.toFixed(3)} (target ≤ 1.10; fake provider, 300 ms to its first token${a.ttftLoadAverage === undefined ? "" : `; load ${a.ttftLoadAverage.toFixed(1)}`})`,
    ...(a.burst ? burstReport(a.burst) : []),
  ];
}

// `node scripts/lib/bench-assistant.mjs`: these figures alone, on the build that is there
// (`--burst`: only the 500 at once; `--rounds N`, `--count N`, `--profile DIR` the server's CPU profile).
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes("--burst")) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return (at > 0 && Number(process.argv[at + 1])) || fallback;
  };
  const burst = await benchTtftBurst({
    count: arg("--count", 500),
    rounds: arg("--rounds", 3),
    profileDir: process.argv.includes("--profile") ? process.argv[process.argv.indexOf("--profile") + 1] : undefined,
    log: (msg) => console.log(msg),
  });
  console.log(burstReport(burst).join("\n"));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchAssistant({
    buildDir: "build",
    chromePath: chromiumPath,
    log: (msg) => console.log(msg),
  });
  console.log(assistantReport(figures).join("\n"));
}
