import { describe, expect, it } from "vitest";
import { nextTask } from "./next-task";

describe("nextTask", () => {
  it("resolves after the current task's microtasks, each call once and in call order", async () => {
    const order: string[] = [];
    const all = Promise.all(["a", "b", "c"].map((name) => nextTask().then(() => void order.push(name))));
    await Promise.resolve().then(() => order.push("microtask"));
    await all;
    expect(order).toEqual(["microtask", "a", "b", "c"]);
  });

  it("keeps working for calls made after earlier ones resolved", async () => {
    await nextTask();
    const order: number[] = [];
    await Promise.all([1, 2].map((n) => nextTask().then(() => void order.push(n))));
    expect(order).toEqual([1, 2]);
  });
});
