import { describe, expect, it } from "vitest";
import { loopTarget } from "./focus-loop";

describe("loopTarget", () => {
  const stops = ["settings", "input", "send", "launcher"];

  it("sends Tab from the last stop to the first", () => {
    expect(loopTarget(stops, "launcher", false)).toBe("settings");
  });

  it("sends Shift+Tab from the first stop to the last", () => {
    expect(loopTarget(stops, "settings", true)).toBe("launcher");
  });

  it("leaves the browser's order inside the loop and outside it", () => {
    expect(loopTarget(stops, "input", false)).toBeNull();
    expect(loopTarget(stops, "send", true)).toBeNull();
    expect(loopTarget(stops, "somewhere else", false)).toBeNull();
  });

  it("does nothing without stops", () => {
    expect(loopTarget([], "launcher", false)).toBeNull();
  });
});
