// `npm run eval:emma`: Emma's figures per question set and per path (decision 019). The
// knowledge path runs the chat's own ladder; the AI path asks the site's endpoint in-process,
// its provider a fake on 127.0.0.1. `-- --misses` lists what went wrong (never for the held-out half); `-- --set tuning` one set.
import { Hono } from "hono";
import { mountAssistant } from "../server/assistant.mjs";
import { createKnowledgeIndex } from "../app/lib/knowledge/search.mjs";
import { evaluateAi, evaluateKnowledge, report } from "./lib/eval-emma.mjs";
import { startFakeProvider } from "./lib/fake-ai-provider.mjs";
import { loadModule } from "./lib/site-config.mjs";

const args = process.argv.slice(2);
const showMisses = args.includes("--misses");
const only = args.includes("--set") ? args[args.indexOf("--set") + 1] : null;

const [{ knowledgeArtifact }, visitor, old, { cannedReplyGroups }, { cannedReply }, ladder] = await Promise.all([
  loadModule("app/content/knowledge.ts"),
  loadModule("app/content/visitor-questions.ts"),
  loadModule("app/content/knowledge-questions.ts"),
  loadModule("app/content/canned-replies.ts"),
  loadModule("app/lib/canned-reply.ts"),
  loadModule("app/features/chat/answer-ladder.ts"),
]);
const artifact = knowledgeArtifact();
const index = createKnowledgeIndex(artifact);
const byId = new Map(artifact.passages.map((p) => [p.id, p]));
const path = {
  index,
  canned: (q) => {
    const g = cannedReply(q, cannedReplyGroups);
    return g ? { href: byId.get(`canned-${g.group}`)?.href } : null;
  },
  leadOnly: ladder.onlyAsksForContact ? (q) => ladder.onlyAsksForContact(q, index) : undefined,
};

const fromVisitor = (list) => list.map((v) => ({ q: v.q, pages: visitor.expectedPages(v) }));
const sets = [
  ["tuning half", fromVisitor(visitor.tuningHalf)],
  ["held-out half", fromVisitor(visitor.heldOutHalf)],
  [
    "old set (regression)",
    [...old.questions.map(([q, ...pages]) => ({ q, pages })), ...old.offTopic.map((q) => ({ q, pages: ["none"] }))],
  ],
].filter(([name]) => !only || name.startsWith(only));

const provider = await startFakeProvider();
provider.answerWith({ kind: "stream", tokens: ["Svar."] });
const app = new Hono();
mountAssistant(app, {
  root: "/nonexistent",
  knowledge: artifact,
  log: () => {},
  env: {
    AI_API_KEY: "eval-key",
    AI_BASE_URL: provider.baseUrl,
    AI_RATE_PER_MINUTE: "1000000",
    AI_RATE_PER_DAY: "1000000",
    AI_DAILY_TOKENS: "1000000000",
  },
});
const ai = {
  async ask(q) {
    const res = await app.request("/api/assistant", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ message: q, history: [] }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`assistant answered ${res.status} to ${q}`);
  },
  lastRequest: () => provider.requests.at(-1).body,
};

try {
  for (const [name, questions] of sets) {
    const k = evaluateKnowledge(path, questions);
    const a = await evaluateAi(ai, questions);
    console.log(report(name, k, a).join("\n"));
    // The held-out half is read only for its figures (decision 019): its misses are never listed.
    if (showMisses && !name.startsWith("held-out"))
      console.log([...k.misses, ...a.misses].map((m) => `    ${m}`).join("\n"));
  }
} finally {
  await provider.close();
}
