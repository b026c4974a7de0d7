import { describe, expect, it } from "vitest";
import { joinedChildren } from "./joined-text";

describe("joinedChildren", () => {
  it("joins a run of texts into its first slot and keeps every index", () => {
    const span = { type: "span" };
    expect(joinedChildren(["Förnamn", " ", span])).toEqual(["Förnamn ", null, span]);
    expect(joinedChildren(["”", "Citat", "”"])).toEqual(["”Citat”", null, null]);
    expect(joinedChildren(["© ", 2026, " ", "Nordlys AI", ". ", "Alla rättigheter förbehållna."])).toEqual([
      "© 2026 Nordlys AI. Alla rättigheter förbehållna.",
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("joins across what renders nothing, not across an element", () => {
    const b = { type: "b" };
    expect(joinedChildren(["a", false, null, "b", b, "c", undefined, 1])).toEqual([
      "ab",
      false,
      null,
      null,
      b,
      "c1",
      undefined,
      null,
    ]);
  });

  it("drops empty texts, which HTML does not have", () => {
    expect(joinedChildren("")).toBeNull();
    expect(joinedChildren(["", "x"])).toEqual([null, "x"]);
  });

  it("leaves everything else as it is, the same array when nothing is joined", () => {
    const children = ["a", { type: "br" }, "b"];
    expect(joinedChildren(children)).toBe(children);
    expect(joinedChildren("text")).toBe("text");
    expect(joinedChildren(7)).toBe(7);
    expect(joinedChildren(undefined)).toBeUndefined();
  });
});
