// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { isString, readJson, readString, removeItem, writeJson, writeString } from "./safe-storage";

afterEach(() => localStorage.clear());

describe("safe storage", () => {
  it("round-trips strings and JSON", () => {
    expect(writeString("local", "k", "v")).toBe(true);
    expect(readString("local", "k")).toBe("v");
    writeJson("local", "j", ["a"]);
    expect(readJson("local", "j", (v): v is string[] => Array.isArray(v), [])).toEqual(["a"]);
    removeItem("local", "k");
    expect(readString("local", "k")).toBeNull();
  });
  it("falls back on garbage JSON and on wrong types", () => {
    localStorage.setItem("j", "{not json");
    expect(readJson("local", "j", isString, "default")).toBe("default");
    localStorage.setItem("j", "42");
    expect(readJson("local", "j", isString, "default")).toBe("default");
  });
  it("survives a storage that throws (disabled or full)", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(writeString("local", "k", "v")).toBe(false);
    expect(readString("local", "k")).toBeNull();
    expect(readJson("session", "k", isString, "d")).toBe("d");
  });
});
