import { describe, expect, it } from "vitest";
import {
  formOf,
  isSharedTakeover,
  joinedFrom,
  isLive,
  isTakeover,
  parseLine,
  parseState,
  receiveLine,
  receiveLines,
  receiveState,
  type Line,
  type Takeover,
} from "./takeover";

const start: Takeover = {
  id: "c1",
  token: "t1",
  state: "waiting",
  holder: null,
  offeredTo: "Sara",
  lastSeq: 0,
  transcriptLines: 2,
  waitUntil: 60_000,
  pending: [],
};
const line = (seq: number, author: Line["author"], text: string, name: string | null = null): Line => ({
  seq,
  author,
  name,
  text,
});

describe("a takeover's lines", () => {
  it("skips the transcript and the visitor's own sent lines, shows the salesperson's", () => {
    const sent = { ...start, pending: ["Hej Sara"] };
    const { takeover, effects } = receiveLines(sent, [
      line(1, "visitor", "kan jag prata med en människa?"),
      line(2, "emma", "Jag frågar Sara…"),
      line(3, "visitor", "Hej Sara"),
      line(4, "agent", "Hej! Vad kan jag hjälpa till med?", "Sara Säljare"),
    ]);
    expect(effects).toEqual([
      { kind: "show", author: "agent", name: "Sara Säljare", text: "Hej! Vad kan jag hjälpa till med?" },
    ]);
    expect(takeover.lastSeq).toBe(4);
    expect(takeover.pending).toEqual([]);
  });

  it("resumes in order: repeated and shuffled lines show once each, by seq", () => {
    const first = receiveLines(start, [line(3, "agent", "ett", "Sara"), line(4, "agent", "två", "Sara")]);
    // A reconnect repeats line 4 and the frames come in a different order.
    const again = receiveLines(first.takeover, [
      line(6, "agent", "fyra", "Sara"),
      line(4, "agent", "två", "Sara"),
      line(5, "visitor", "tre från en annan flik"),
    ]);
    const texts = [...first.effects, ...again.effects].map((e) => (e.kind === "show" ? e.text : e.kind));
    expect(texts).toEqual(["ett", "två", "tre från en annan flik", "fyra"]);
    expect(again.takeover.lastSeq).toBe(6);
    expect(receiveLine(again.takeover, line(2, "agent", "gammal")).effect).toEqual({ kind: "none" });
  });

  it("turns a form marker into the form", () => {
    expect(receiveLine(start, line(3, "system", "[form:lead]")).effect).toEqual({ kind: "form", form: "lead" });
    expect(receiveLine(start, line(3, "system", "[form:booking]")).effect).toEqual({ kind: "form", form: "booking" });
    expect(formOf("[form:other]")).toBeNull();
    expect(receiveLine(start, line(3, "system", "Sara lämnade")).effect).toMatchObject({
      kind: "show",
      author: "system",
    });
  });
});

describe("a tab that joins from another", () => {
  it("shows every line from the first, Emma's and the transcript's too", () => {
    const tab = joinedFrom({ id: "c1", token: "t1", state: "held", holder: "Sara", offeredTo: null, waitUntil: 0 });
    const { effects } = receiveLines(tab, [
      line(1, "visitor", "kan jag prata med en människa?"),
      line(2, "emma", "Menar du…?"),
      line(3, "agent", "Hej!", "Sara"),
    ]);
    expect(effects.map((e) => (e.kind === "show" ? `${e.author}: ${e.text}` : e.kind))).toEqual([
      "visitor: kan jag prata med en människa?",
      "emma: Menar du…?",
      "agent: Hej!",
    ]);
    expect(
      isSharedTakeover({ id: "c1", token: "t1", state: "held", holder: null, offeredTo: null, waitUntil: 1 }),
    ).toBe(true);
    expect(isSharedTakeover({ id: "c1", state: "held" })).toBe(false);
  });
});

describe("a takeover's state", () => {
  it("says who came once, and gives the chat back to Emma when it ends", () => {
    const joined = receiveState(start, { state: "held", holder: "Sara" });
    expect(joined.effect).toEqual({ kind: "joined", name: "Sara" });
    expect(isLive(joined.takeover)).toBe(true);
    // A resumed stream's first frame repeats the state: nothing new.
    expect(receiveState(joined.takeover, { state: "held", holder: "Sara" }).effect).toEqual({ kind: "none" });
    const back = receiveState(joined.takeover, { state: "returned", holder: null });
    expect(back.effect).toEqual({ kind: "back", state: "returned" });
    expect(isLive(back.takeover)).toBe(false);
    expect(receiveState(back.takeover, { state: "ended", holder: null }).effect).toEqual({ kind: "none" });
    expect(receiveState(start, { state: "missed", holder: null }).effect).toEqual({ kind: "back", state: "missed" });
  });
});

describe("frames and storage", () => {
  it("reads only well-formed frames", () => {
    expect(parseLine({ seq: 3, author: "agent", name: "Sara", text: "Hej", at: "x" })).toEqual(
      line(3, "agent", "Hej", "Sara"),
    );
    expect(parseLine({ seq: 0, author: "agent", text: "x" })).toBeNull();
    expect(parseLine({ seq: 1, author: "admin", text: "x" })).toBeNull();
    expect(parseLine({ seq: 1, author: "agent", text: "<b>x</b>".repeat(300) })?.text).toHaveLength(1000);
    expect(parseState({ state: "held", holder: { name: "Sara" } })).toEqual({ state: "held", holder: "Sara" });
    expect(parseState({ state: "gone" })).toBeNull();
    expect(isTakeover(start)).toBe(true);
    expect(isTakeover({ ...start, pending: [1] })).toBe(false);
  });
});
