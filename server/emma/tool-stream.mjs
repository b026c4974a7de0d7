// A streamed answer by line: text goes on, tool calls stay for the server to run (decision 070).
import { createTap } from "../adapters/ai/provider.mjs";

const TOOL_CALLS = /"tool_calls"\s*:/;
const TOOL_FINISH = /"finish_reason"\s*:\s*"tool_calls"/;
const CONTENT = /"content"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/** @param {{ maxBytes: number, maxLineBytes: number }} bounds */
export function createToolTap(bounds) {
  const tap = createTap(bounds);
  const decoder = new TextDecoder();
  let partial = "";
  /** @type {{ id: string, name: string, arguments: string }[]} */
  const calls = [];
  const said = [];

  /** Whether the line goes on to the browser. @param {string} line */
  function pass(line) {
    if (!line.startsWith("data:")) return true;
    const data = line.slice(5).trim();
    if (data === "[DONE]") return calls.length === 0;
    if (TOOL_CALLS.test(data)) {
      try {
        for (const tc of JSON.parse(data)?.choices?.[0]?.delta?.tool_calls ?? []) {
          const at = Number.isInteger(tc?.index) ? tc.index : calls.length;
          const call = (calls[at] ??= { id: "", name: "", arguments: "" });
          if (typeof tc.id === "string" && !call.id) call.id = tc.id;
          if (typeof tc.function?.name === "string") call.name += tc.function.name;
          if (typeof tc.function?.arguments === "string") call.arguments += tc.function.arguments;
        }
      } catch {
        // Counted by the tap; a malformed call is no call.
      }
      return false;
    }
    if (TOOL_FINISH.test(data)) return false;
    const content = CONTENT.exec(data);
    if (content) said.push(content[1]);
    return true;
  }

  return {
    state: tap.state,
    calls: () => calls.filter(Boolean).filter((c) => c.name),
    text() {
      try {
        return JSON.parse(`"${said.join("")}"`);
      } catch {
        return "";
      }
    },
    /** @param {Uint8Array} bytes @returns {{ over: "too-large" | "line-too-long" | null, out: string }} */
    push(bytes) {
      const over = tap.push(bytes);
      if (over) return { over, out: "" };
      const text = partial + decoder.decode(bytes, { stream: true });
      const end = text.lastIndexOf("\n");
      if (end === -1) {
        partial = text;
        return { over: null, out: "" };
      }
      partial = text.slice(end + 1);
      const out = text
        .slice(0, end + 1)
        .split("\n")
        .slice(0, -1)
        .filter((l) => pass(l.endsWith("\r") ? l.slice(0, -1) : l))
        .map((l) => `${l}\n`)
        .join("");
      return { over: null, out };
    },
    end: () => (partial && pass(partial) ? `${partial}\n` : ""),
  };
}

/** The text, tool calls and usage of a plain completion, or of an event stream read whole. @param {string} raw */
export function completionOf(raw) {
  try {
    if (/^\s*(data|event):/.test(raw)) return streamRead(raw);
    const json = JSON.parse(raw);
    const message = json?.choices?.[0]?.message;
    return {
      text: typeof message?.content === "string" ? message.content : "",
      calls: (Array.isArray(message?.tool_calls) ? message.tool_calls : [])
        .map((c) => ({
          id: String(c?.id ?? ""),
          name: String(c?.function?.name ?? ""),
          arguments: String(c?.function?.arguments ?? ""),
        }))
        .filter((c) => c.name),
      usage: json?.usage,
    };
  } catch {
    return null;
  }
}

/** @param {string} raw */
function streamRead(raw) {
  let text = "";
  let usage;
  for (const line of raw.split(/\r?\n/)) {
    const data = line.startsWith("data:") ? line.slice(5).trim() : "";
    if (!data || data === "[DONE]") continue;
    const json = JSON.parse(data);
    if (typeof json?.choices?.[0]?.delta?.content === "string") text += json.choices[0].delta.content;
    if (json?.usage) usage = json.usage;
  }
  return { text, calls: [], usage };
}
