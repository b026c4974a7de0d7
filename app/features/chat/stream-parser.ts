// Parses a streamed chat completion's server-sent events from chunks split anywhere: deltas, the
// end, an error, or the site's UI of a tool. Comment lines and unknown fields are skipped.
export type StreamEvent =
  { type: "delta"; text: string } | { type: "done" } | { type: "error"; message: string } | { type: "ui"; ui: unknown };

export function createStreamParser() {
  let buffer = "";
  let eventName = "";
  let data: string[] = [];

  function dispatch(out: StreamEvent[]) {
    if (data.length === 0) {
      eventName = "";
      return;
    }
    const payload = data.join("\n");
    const name = eventName;
    data = [];
    eventName = "";
    if (payload.trim() === "[DONE]") {
      out.push({ type: "done" });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      out.push({ type: "error", message: "Malformed stream data" });
      return;
    }
    // What a tool of Emma's shows, sent by the site's own endpoint (server/emma/tools.mjs).
    if (name === "ui") {
      out.push({ type: "ui", ui: json });
      return;
    }
    const errorMessage = errorOf(json);
    if (name === "error" || errorMessage !== null) {
      out.push({ type: "error", message: errorMessage ?? "Stream error" });
      return;
    }
    const text = deltaOf(json);
    if (text) out.push({ type: "delta", text });
    // A finish reason ends the answer even if the server never sends [DONE].
    if (finishReasonOf(json)) out.push({ type: "done" });
  }

  return {
    push(chunk: string): StreamEvent[] {
      const out: StreamEvent[] = [];
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") dispatch(out);
        else if (line.startsWith(":")) continue;
        else {
          const colon = line.indexOf(":");
          const field = colon === -1 ? line : line.slice(0, colon);
          let value = colon === -1 ? "" : line.slice(colon + 1);
          if (value.startsWith(" ")) value = value.slice(1);
          if (field === "data") data.push(value);
          else if (field === "event") eventName = value;
        }
      }
      return out;
    },
    /** The end of the body: a last event without its blank line still counts. */
    end(): StreamEvent[] {
      const out: StreamEvent[] = [];
      if (buffer !== "") out.push(...this.push("\n"));
      dispatch(out);
      return out;
    },
  };
}

function errorOf(json: unknown): string | null {
  if (typeof json !== "object" || json === null || !("error" in json)) return null;
  const e = (json as { error: unknown }).error;
  if (typeof e === "string") return e;
  if (typeof e === "object" && e !== null && typeof (e as { message?: unknown }).message === "string") {
    return (e as { message: string }).message;
  }
  return "Stream error";
}

function finishReasonOf(json: unknown): string | null {
  const reason = (json as { choices?: { finish_reason?: unknown }[] }).choices?.[0]?.finish_reason;
  return typeof reason === "string" ? reason : null;
}

function deltaOf(json: unknown): string {
  const choice = (json as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0];
  const content = choice?.delta?.content;
  return typeof content === "string" ? content : "";
}

/** choices[0].message.content of a plain (non-streamed) completion, or "" when absent. */
export function completionContent(json: unknown): string {
  const content = (json as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  return typeof content === "string" ? content : "";
}
