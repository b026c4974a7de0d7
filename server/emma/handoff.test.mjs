// @vitest-environment node
// prata_med_saljare in the chat (decision 074): the handoff while a salesperson can be asked, else the lead form.
import { describe, expect, it } from "vitest";
import { emmaToolsCopy } from "../../app/content/emma-tools.ts";
import { createEmmaTools } from "./tools.mjs";

const tools = (ask) =>
  createEmmaTools({
    call: { tools: { search: { name: "sok" }, contact: { name: "spara" } }, results: { unknownTool: "?" } },
    emma: { tools: [], results: emmaToolsCopy.results, handoff: emmaToolsCopy.handoff.name },
    index: null,
    store: { now: () => new Date(0) },
    availability: () => ({ ask }),
  });

describe("prata_med_saljare", () => {
  it("asks a salesperson when one can be asked", async () => {
    expect(await tools(true).run("prata_med_saljare", {}, { channel: "chat" })).toEqual({
      result: emmaToolsCopy.results.handoff,
      ui: { type: "handoff" },
    });
  });
  it("says nobody can take it now and shows the lead form otherwise", async () => {
    expect(await tools(false).run("prata_med_saljare", {}, { channel: "chat" })).toEqual({
      result: emmaToolsCopy.results.handoffNobody,
      ui: { type: "lead-form" },
    });
  });
});
