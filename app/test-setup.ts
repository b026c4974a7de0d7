import { afterAll } from "vitest";

// jest-dom's matchers only where there is a DOM: most files run in Node and need none.
if (typeof document !== "undefined") await import("@testing-library/jest-dom/vitest");

// Preact runs effects after the next frame, with a 100 ms timer that calls cancelAnimationFrame
// as a fallback: let the frames pass before jsdom is torn down, so no such timer outlives it.
afterAll(async () => {
  if (typeof requestAnimationFrame !== "function") return;
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
});
