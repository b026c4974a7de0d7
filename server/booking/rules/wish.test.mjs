import { describe, expect, it } from "vitest";
import { wishWindow } from "./wish.mjs";

// Thursday 26 November 2026, 09:00 in Stockholm.
const NOW = new Date("2026-11-26T08:00:00Z");
const iso = (w) => w && [new Date(w.from).toISOString(), new Date(w.to).toISOString()];

describe("a wished time", () => {
  it("reads days and parts of days on Stockholm's clock", () => {
    expect(iso(wishWindow("imorgon förmiddag", NOW))).toEqual(["2026-11-26T23:00:00.000Z", "2026-11-27T11:00:00.000Z"]);
    expect(iso(wishWindow("i morgon", NOW))).toEqual(["2026-11-26T23:00:00.000Z", "2026-11-27T23:00:00.000Z"]);
    expect(iso(wishWindow("eftermiddag", NOW))).toEqual(["2026-11-26T11:00:00.000Z", "2026-11-26T23:00:00.000Z"]);
    expect(iso(wishWindow("tisdag eftermiddag", NOW))).toEqual([
      "2026-12-01T11:00:00.000Z",
      "2026-12-01T23:00:00.000Z",
    ]);
    expect(iso(wishWindow("torsdag", NOW))).toEqual(["2026-11-25T23:00:00.000Z", "2026-11-26T23:00:00.000Z"]);
    expect(iso(wishWindow("nästa vecka", NOW))).toEqual(["2026-11-29T23:00:00.000Z", "2026-12-06T23:00:00.000Z"]);
  });

  it("gives no window for no or unknown words", () => {
    expect(wishWindow("", NOW)).toBeNull();
    expect(wishWindow("snart", NOW)).toBeNull();
  });
});
