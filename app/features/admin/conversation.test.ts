import { describe, expect, it } from "vitest";
import { placeOf } from "./admin-paths";
import { parseConversation } from "./conversation";
import { mailtoReply, visitorWords } from "./mailto";
import type { FullMessage } from "./admin-api";
import { adminServerCopy } from "~/content/admin";

describe("Emma's transcript as turns", () => {
  it("starts a turn at Du: or Emma:, continues it on the lines after, and keeps a note before any turn", () => {
    const turns = parseConversation(
      "(Början av konversationen är utelämnad.)\nEmma: Hej!\nDu (talat): Vad gör ni?\nEmma: Vi bygger:\n- röstagenter\n[Läs mer](/#services)",
    );
    expect(turns).toEqual([
      { who: "note", how: null, text: "(Början av konversationen är utelämnad.)" },
      { who: "emma", how: null, text: "Hej!" },
      { who: "visitor", how: "talat", text: "Vad gör ni?" },
      { who: "emma", how: null, text: "Vi bygger:\n- röstagenter\n[Läs mer](/#services)" },
    ]);
  });
});

describe("the page's paths", () => {
  const nav = [
    { id: "inbox", path: "/admin" },
    { id: "insights", path: "/admin/fragor" },
  ];
  it("names a message, the one-time link's page, a nav view, and falls back to the first", () => {
    expect(placeOf("/admin", nav)).toEqual({ view: "inbox" });
    expect(placeOf("/admin/", nav)).toEqual({ view: "inbox" });
    expect(placeOf("/admin/fragor", nav)).toEqual({ view: "insights" });
    expect(placeOf("/admin/meddelanden/a%20b", nav)).toEqual({ view: "message", id: "a b" });
    expect(placeOf("/admin/valkommen", nav)).toEqual({ view: "welcome" });
    expect(placeOf("/admin/okand", nav)).toEqual({ view: "inbox" });
  });
});

describe("a reply without SMTP", () => {
  const message = {
    kind: "lead",
    from_email: "asa@xn--fjllbo-cua.se",
    from_name: "Åsa",
    subject: "Emma: Åsa vill bli kontaktad",
    receivedAt: "2026-11-20T10:00:00.000Z",
    message: "Åsa vill bli kontaktad.",
    conversation: "Emma: Hej!\nDu: Bakar ni bullar?\nDu: ja tack",
    callSummary: "",
  } as FullMessage;

  it("quotes what the visitor said to Emma, and a form's message as it is", () => {
    expect(visitorWords(message)).toBe("Bakar ni bullar?\nja tack");
    expect(visitorWords({ ...message, kind: "contact", message: "Ring mig" })).toBe("Ring mig");
  });

  it("is a mailto: link to the visitor with the visitor's subject, not the team's, and the quote filled in", () => {
    const href = mailtoReply(message, adminServerCopy.reply, "salj@nordlysai.se") ?? "";
    expect(href.startsWith("mailto:asa@xn--fjllbo-cua.se?")).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf("?") + 1));
    expect(params.get("subject")).toBe("Sv: ditt samtal med Emma på Nordlys AI");
    expect(params.get("body")).toContain("skrev Åsa:\n> Bakar ni bullar?\n> ja tack");
    expect(params.get("cc")).toBe("salj@nordlysai.se");
    expect(href).not.toContain("+");
  });
});
