// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConversationView } from "~/features/admin/conversation-view";
import { MessageBubble } from "~/features/chat/message-bubble";
import * as richText from "~/lib/rich-text";

vi.mock("~/lib/rich-text", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/lib/rich-text")>();
  return { ...original, formatMessage: vi.fn(original.formatMessage) };
});

afterEach(cleanup);

const said =
  "**Tre steg:**\n- Kartlägg\n- Bygg\n\nLäs [Våra tjänster](/#services) eller [offerten](https://evil.example/x), mejla hej@firma.se.";

describe("what Emma showed, in the chat and on /admin", () => {
  it("goes through one renderer, with each reader's link policy", () => {
    const chat = render(<MessageBubble type="bot" text={said} />).container;
    const admin = render(<ConversationView transcript={`Emma: ${said}`} />).container;
    const calls = vi.mocked(richText.formatMessage).mock.calls;
    expect(calls.map(([text]) => text)).toEqual([said, said]);
    expect(calls.map(([, links]) => links)).toEqual([richText.chatLinks, richText.teamLinks]);

    const chatText = chat.querySelector("li > div")!;
    const adminText = [...admin.querySelectorAll("ol > li")].at(-1)!;
    const blocks = (el: Element) => [...el.querySelectorAll("p:not(.adm-speaker), ul")].map((b) => b.tagName);
    expect(blocks(chatText)).toEqual(["P", "UL", "P"]);
    expect(blocks(adminText)).toEqual(blocks(chatText));
    expect(chatText.querySelector("strong")?.textContent).toBe("Tre steg:");
    expect(adminText.querySelector("strong")?.textContent).toBe("Tre steg:");
    expect([...chatText.querySelectorAll("ul li")].map((li) => li.textContent)).toEqual(["Kartlägg", "Bygg"]);
    expect([...adminText.querySelectorAll("ul li")].map((li) => li.textContent)).toEqual(["Kartlägg", "Bygg"]);

    // The visitor's chat links the site and the e-mail address; the team's copy only the site's path.
    const hrefs = (el: Element) => [...el.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs(chatText)).toEqual(["/#services", "mailto:hej@firma.se"]);
    expect(hrefs(adminText)).toEqual(["/#services"]);
    expect(chatText.textContent).toContain("offerten, mejla");
    expect(adminText.textContent).toContain("offerten (https://evil.example/x), mejla hej@firma.se");
  });
});
