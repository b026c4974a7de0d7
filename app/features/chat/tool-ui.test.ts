import { afterEach, describe, expect, it, vi } from "vitest";
import { askSiteAi } from "./ai-client";
import { createStreamParser } from "./stream-parser";
import { completeLead, toolUi } from "./tool-ui";

const slot = { start: "2026-12-08T12:00:00.000Z", label: "tisdag 8 december kl. 13:00" };
const times = { type: "times", times: [slot], more: true, meeting: "phone" };

afterEach(() => vi.unstubAllGlobals());

describe("a tool's UI from the site's AI endpoint", () => {
  it("keeps what the chat can show and drops anything else", () => {
    expect(toolUi(times)).toEqual(times);
    expect(toolUi({ type: "booking", slot, meeting: "video", lead: { name: "Bo", email: 3, extra: "x" } })).toEqual({
      type: "booking",
      slot,
      meeting: "video",
      lead: { name: "Bo", email: "", phone: "", company: "" },
    });
    expect(toolUi({ type: "lead-form" })).toEqual({ type: "lead-form", lead: undefined });
    expect(toolUi({ kind: "handoff" })).toEqual({ type: "handoff" });
    expect(toolUi({ type: "handoff" })).toEqual({ type: "handoff" });
    expect(toolUi({ type: "times", times: [{ start: 1 }] })).toBeNull();
    expect(toolUi({ type: "script", src: "x" })).toBeNull();
    expect(toolUi("times")).toBeNull();
  });

  it("goes straight to a booking's summary only with a name, an address and, for a call, a number", () => {
    const lead = { name: "Bo", email: "bo@example.se", phone: "", company: "" };
    expect(completeLead(lead, "video")).toBe(true);
    expect(completeLead(lead, "phone")).toBe(false);
    expect(completeLead({ ...lead, email: " " }, "video")).toBe(false);
    expect(completeLead(undefined, "video")).toBe(false);
  });

  it("is read from the stream's ui events, between the text's deltas", () => {
    const p = createStreamParser();
    expect(p.push(`event: ui\ndata: ${JSON.stringify(times)}\n\ndata: [DONE]\n\n`)).toEqual([
      { type: "ui", ui: times },
      { type: "done" },
    ]);
  });

  it("comes with the answer, streamed or in JSON, with whether the model had the tools", async () => {
    const body = `event: ui\ndata: ${JSON.stringify(times)}\n\ndata: ${JSON.stringify({ choices: [{ delta: { content: "Välj en tid." } }] })}\n\ndata: [DONE]\n\n`;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { headers: { "content-type": "text/event-stream", "emma-tools": "on" } })),
    );
    expect(await askSiteAi({ history: [], message: "kan vi ses?" })).toEqual({
      ok: true,
      text: "Välj en tid.",
      tools: true,
      ui: [times],
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ choices: [{ message: { content: "Hej" } }], ui: [times, { type: "x" }] })),
    );
    expect(await askSiteAi({ history: [], message: "kan vi ses?" })).toEqual({ ok: true, text: "Hej", ui: [times] });
  });
});
