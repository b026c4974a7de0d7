// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { demoReply } from "~/content/demos";
import { AutomationDemo } from "./automation-demo";

const replyLength = Array.from(demoReply.content).length;

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const status = () => screen.getByRole("status");
const start = () => fireEvent.click(screen.getByRole("button", { name: "Starta Demo" }));
const reset = () => fireEvent.click(screen.getByRole("button", { name: "Återställ" }));

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("AutomationDemo", () => {
  it("announces every step in a live region and types the reply before sending it", () => {
    render(<AutomationDemo />);
    expect(status()).toHaveTextContent("Redo. Tryck på Starta Demo");
    start();
    expect(status()).toHaveTextContent("Steg 1 av 4: Nytt lead mottaget");
    expect(screen.getByText(/50-100k per månad/)).toBeInTheDocument();
    advance(2000);
    expect(status()).toHaveTextContent("Steg 2 av 4: AI analyserar mejlet");
    advance(1500);
    expect(status()).toHaveTextContent("Steg 3 av 4: AI skriver ett personligt svar");
    advance(30 * 5);
    expect(screen.getByTestId("reply-typed")).toHaveTextContent(demoReply.content.slice(0, 5));
    expect(screen.getByTestId("reply-typed")).not.toHaveTextContent(demoReply.content.slice(0, 6));
    advance(30 * (replyLength - 5));
    expect(screen.getByTestId("reply-typed")).toHaveTextContent(demoReply.content);
    expect(status()).toHaveTextContent("Steg 3 av 4");
    advance(1000);
    expect(status()).toHaveTextContent("Steg 4 av 4: Svaret är skickat");
    expect(screen.getByText("Skickat")).toBeInTheDocument();
    expect(screen.getByText(demoReply.sentiment)).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("'Återställ' in the middle of the typing returns to idle and no later step fires", () => {
    render(<AutomationDemo />);
    start();
    advance(3500 + 30 * 20);
    reset();
    expect(status()).toHaveTextContent("Redo. Tryck på Starta Demo");
    expect(screen.queryByTestId("reply-typed")).not.toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
    advance(60_000);
    expect(status()).toHaveTextContent("Redo. Tryck på Starta Demo");
  });

  it("leaves no timer behind when the page is left mid-run", () => {
    const { unmount } = render(<AutomationDemo />);
    start();
    advance(2500);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("under reduced motion shows the reply at once and keeps the step timings", () => {
    stubReducedMotion(true);
    render(<AutomationDemo />);
    start();
    advance(3500);
    expect(screen.getByTestId("reply-typed")).toHaveTextContent(demoReply.content);
    advance(999);
    expect(status()).toHaveTextContent("Steg 3 av 4");
    advance(1);
    expect(status()).toHaveTextContent("Steg 4 av 4");
  });
});
