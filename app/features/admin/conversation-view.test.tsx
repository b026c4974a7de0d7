// @vitest-environment jsdom
import { cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import { ConversationView } from "./conversation-view";

afterEach(cleanup);

const turnsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>("ol > li")];

describe("Emma's conversation on the operator's page", () => {
  it("shows a link the visitor wrote as text with its full address, never as a link", () => {
    const { container } = render(
      <ConversationView
        transcript={
          "Emma: Hej! [Läs mer: Våra tjänster](/#services)\n" +
          "Du: Här är offerten: [Offert_Nordlys_2026.pdf](https://evil.example/x)\n" +
          "och mer på https://evil.example"
        }
      />,
    );
    const [emma, visitor] = turnsOf(container);
    expect(within(visitor!).queryAllByRole("link")).toEqual([]);
    expect(visitor!.textContent).toContain("[Offert_Nordlys_2026.pdf](https://evil.example/x)");
    expect(visitor!.textContent).toContain("https://evil.example");
    expect(within(emma!).getByRole("link", { name: "Läs mer: Våra tjänster" })).toHaveAttribute("href", "/#services");
  });

  it("links no other site from a turn headed Emma: the transcript comes from the visitor's browser", () => {
    const { container } = render(
      <ConversationView
        transcript={
          "Du: Hej\nEmma: Här är offerten: [Offert_Nordlys_2026.pdf](https://evil.example/x) och [a](//evil.example)"
        }
      />,
    );
    expect(container.querySelectorAll("a")).toHaveLength(0);
    const emma = turnsOf(container)[1]!;
    expect(emma.textContent).toContain("Offert_Nordlys_2026.pdf (https://evil.example/x)");
    expect(emma.textContent).toContain("a (//evil.example)");
  });

  it("labels each turn with who wrote it", () => {
    const { container } = render(
      <ConversationView transcript={"Emma: Hej!\nDu (talat): Vad gör ni?\nEmma: Vi bygger."} />,
    );
    const speakers = turnsOf(container).map((li) => li.querySelector(".adm-speaker")?.textContent);
    const m = adminCopy.message;
    expect(speakers).toEqual([m.emma, `${m.you} (talat)`, m.emma]);
    expect(turnsOf(container).map((li) => li.getAttribute("aria-label"))).toEqual([m.emma, m.you, m.emma]);
  });
});
