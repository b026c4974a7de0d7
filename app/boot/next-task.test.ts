import { describe, expect, it } from "vitest";
import { nextTask } from "./next-task";

describe("nextTask", () => {
  it("resolves after the current task's microtasks, in call order, each call in a task of its own", async () => {
    const order: string[] = [];
    const all = Promise.all(
      ["a", "b", "c"].map((name) =>
        nextTask().then(() => {
          order.push(name);
          // Runs before the next call resolves only if that call has a later task of its own.
          queueMicrotask(() => order.push(`${name} microtask`));
        }),
      ),
    );
    await Promise.resolve().then(() => order.push("microtask"));
    await all;
    await nextTask();
    expect(order).toEqual(["microtask", "a", "a microtask", "b", "b microtask", "c", "c microtask"]);
  });

  it("keeps working for calls made after earlier ones resolved", async () => {
    await nextTask();
    const order: number[] = [];
    await Promise.all([1, 2].map((n) => nextTask().then(() => void order.push(n))));
    expect(order).toEqual([1, 2]);
  });
});
