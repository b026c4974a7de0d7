// @vitest-environment node
// One set of tools: the chat's model gets the voice tools with the chat's descriptions, plus the
// hand-over (Vapi's assistant gets the same: scripts/lib/vapi-assistant.test.mjs).
import { describe, expect, it } from "vitest";
import { callAssistantCopy } from "~/content/voice-assistant";
import { bookingCopy } from "~/content/booking";
import { emmaToolsCopy } from "~/content/emma-tools";
import { bookingForms as forms } from "../testing/booking-forms.mjs";
import { functionTools, toolDefinitions } from "./tool-definitions.mjs";

describe("Emma's tool definitions", () => {
  const all = toolDefinitions({ call: callAssistantCopy, booking: bookingCopy.voice, chat: emmaToolsCopy });

  it("are what build/forms.json carries to the server", () => {
    expect(forms.emma.tools).toEqual(JSON.parse(JSON.stringify(all)));
  });

  it("give the chat the same names and arguments, its own descriptions, and only the time to book by", () => {
    const voice = functionTools(all, "voice");
    const chat = functionTools(all, "chat");
    expect(chat.map((t) => t.function.name)).toEqual([...voice.map((t) => t.function.name), "prata_med_saljare"]);
    const book = chat.find((t) => t.function.name === "boka_mote");
    expect(book?.function.parameters).toMatchObject({ required: ["tid"] });
    expect(book?.function.description).toBe(emmaToolsCopy.descriptions.book);
    const times = chat.find((t) => t.function.name === "lediga_motestider");
    expect(Object.keys(times?.function.parameters.properties ?? {})).toEqual(["efter", "onskemal", "samtal"]);
  });
});
