import { describe, expect, it } from "vitest";
import type { FullMessage } from "./admin-api";
import { mailtoAddress, mailtoReply } from "./mailto";

const copy = {
  subjects: { contact: "Sv: ditt meddelande" },
  fallbackSubject: "Sv: din förfrågan",
  quoteIntro: "{date} skrev {name}:",
};
const message = (email: string) =>
  ({
    kind: "contact",
    from_email: email,
    from_name: "VD",
    subject: "Hej",
    receivedAt: "2026-11-20T10:00:00.000Z",
    message: "Ring mig",
    conversation: "",
    callSummary: "",
  }) as FullMessage;

/** What a mail program makes of a mailto: link (RFC 6068): its recipients and its header fields. */
const read = (href: string) => {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), fields: [...url.searchParams.keys()] };
};

describe("the operator's mailto: links", () => {
  it("cannot be made to carry a header the visitor wrote, from an address kept before the check", () => {
    for (const email of [
      "ceo%40volvo.se?bcc=boss@evil.example",
      "ceo@volvo.se?bcc=boss@evil.example",
      "ceo&bcc=boss@evil.example",
      "ceo#@evil.example",
    ]) {
      const reply = mailtoReply(message(email), copy, "salj@nordlysai.se");
      if (reply) {
        expect(read(reply).fields.sort(), email).toEqual(["body", "cc", "subject"]);
        expect(read(reply).to.split("@"), email).toHaveLength(2);
      }
      const plain = mailtoAddress(email);
      if (plain) expect(read(plain), email).toEqual({ to: email, fields: [] });
    }
  });

  it("answers with the subject for the message's kind, or the fallback, never the team's subject", () => {
    const subjectOf = (m: FullMessage) => new URL(mailtoReply(m, copy) ?? "mailto:x@y.se").searchParams.get("subject");
    expect(subjectOf({ ...message("vd@firma.se"), subject: "Nytt meddelande från VD" })).toBe("Sv: ditt meddelande");
    expect(subjectOf({ ...message("vd@firma.se"), kind: "lead", subject: "Nytt lead från Emma: VD" })).toBe(
      "Sv: din förfrågan",
    );
  });

  it("writes an address's domain as the mail system reads it (punycode)", () => {
    expect(mailtoAddress("ceo@vоlvo.se")).toBe("mailto:ceo@xn--vlvo-55d.se");
    expect(mailtoAddress("anna.berg+ai@firma.se")).toBe("mailto:anna.berg%2Bai@firma.se");
  });
});
