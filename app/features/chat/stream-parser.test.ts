import { describe, expect, it } from "vitest";
import { completionContent, createStreamParser } from "./stream-parser";

const delta = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;

describe("stream parser", () => {
  it("reads deltas and [DONE]", () => {
    const p = createStreamParser();
    expect(p.push(delta("Hej") + delta(" där") + "data: [DONE]\n\n")).toEqual([
      { type: "delta", text: "Hej" },
      { type: "delta", text: " där" },
      { type: "done" },
    ]);
  });
  it("handles chunks split anywhere, also inside UTF-8 text and CRLF", () => {
    const text = (delta("Å") + delta("ä ö") + "data: [DONE]\r\n\r\n").replace(/\n\n(?=data)/g, "\r\n\r\n");
    const p = createStreamParser();
    const events = [];
    for (const ch of text) events.push(...p.push(ch));
    expect(events).toEqual([{ type: "delta", text: "Å" }, { type: "delta", text: "ä ö" }, { type: "done" }]);
  });
  it("skips comments, role-only deltas and unknown fields", () => {
    const p = createStreamParser();
    const role = `data: ${JSON.stringify({ choices: [{ delta: { role: "assistant" } }] })}\n\n`;
    expect(p.push(": keep-alive\n\nid: 1\nretry: 10\n" + role + delta("x"))).toEqual([{ type: "delta", text: "x" }]);
  });
  it("reports error events and error payloads", () => {
    expect(createStreamParser().push('event: error\ndata: {"message":"overloaded"}\n\n')).toEqual([
      { type: "error", message: "Stream error" },
    ]);
    expect(createStreamParser().push('data: {"error":{"message":"Rate limit"}}\n\n')).toEqual([
      { type: "error", message: "Rate limit" },
    ]);
  });
  it("reports malformed JSON", () => {
    expect(createStreamParser().push("data: {nope\n\n")).toEqual([{ type: "error", message: "Malformed stream data" }]);
  });
  it("flushes a last event without its blank line at the end", () => {
    const p = createStreamParser();
    expect(p.push(delta("a").trimEnd())).toEqual([]);
    expect(p.end()).toEqual([{ type: "delta", text: "a" }]);
  });
  it("ends at a finish reason", () => {
    const finish = `data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: "stop" }] })}\n\n`;
    expect(createStreamParser().push(delta("a") + finish)).toEqual([{ type: "delta", text: "a" }, { type: "done" }]);
  });
  it("reads a plain completion", () => {
    expect(completionContent({ choices: [{ message: { content: "Hej!" } }] })).toBe("Hej!");
    expect(completionContent({ choices: [] })).toBe("");
    expect(completionContent(null)).toBe("");
  });
});
