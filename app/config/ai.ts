import { envString } from "./env";

const env = import.meta.env;

/** Emma's OpenAI-compatible endpoint; the key is never built in: the visitor types it (spec §6). */
export const aiSettings = {
  baseUrl: envString(env.VITE_AI_BASE_URL, "https://api.openai.com/v1").replace(/\/+$/, ""),
  model: envString(env.VITE_AI_MODEL, "gpt-4.1-2025-04-14"),
  temperature: 0.3,
  maxTokens: 400,
  frequencyPenalty: 0.5,
  timeoutMs: 20_000,
  /** How many earlier messages go with a question, so 'ja, berätta mer' makes sense. */
  historyMessages: 10,
} as const;
