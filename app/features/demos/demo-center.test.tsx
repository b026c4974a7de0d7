// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { toast } from "~/components/ui/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EmailDemo } from "./email-demo";
import { TextDemo } from "./text-demo";

vi.mock("~/components/ui/toast", () => ({ toast: vi.fn() }));

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(toast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("TextDemo", () => {
  // Enter in the field is covered by the browser test; here the form is submitted directly.
  const ask = (text: string) => {
    fireEvent.input(screen.getByLabelText("Din fråga till Emma"), { target: { value: text } });
    fireEvent.submit(screen.getByRole("button", { name: "Fråga Emma" }));
  };

  it("ignores an empty question", () => {
    render(<TextDemo />);
    ask("   ");
    fireEvent.click(screen.getByRole("button", { name: "Fråga Emma" }));
    expect(screen.getByRole("status")).toHaveTextContent("Emmas svar visas här.");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("thinks for 1500 ms, then shows the canned answer and the toast", () => {
    render(<TextDemo />);
    ask("Hur lång tid tar en implementation?");
    expect(screen.getByRole("status")).toHaveTextContent("Emma tänker...");
    expect(screen.getByLabelText("Din fråga till Emma")).toHaveValue("");
    advance(1499);
    expect(toast).not.toHaveBeenCalled();
    advance(1);
    expect(screen.getByRole("status")).toHaveTextContent(/10–20 dagar/);
    expect(toast).toHaveBeenCalledExactlyOnceWith("Emma svarade! ✨");
  });
});

describe("EmailDemo", () => {
  it("toasts on start and once on completion after five steps of 1500 ms, also when restarted mid-run", () => {
    const { unmount } = render(<EmailDemo />);
    const start = () => fireEvent.click(screen.getByRole("button", { name: "Starta AI-automation" }));
    start();
    expect(toast).toHaveBeenCalledExactlyOnceWith("AI Demo startar", expect.anything());
    expect(screen.getByRole("status")).toHaveTextContent("Steg 1 av 5: Tar emot inkommande e-post");
    advance(4500);
    expect(screen.getByRole("status")).toHaveTextContent("Steg 4 av 5");
    start();
    expect(screen.getByRole("status")).toHaveTextContent("Steg 1 av 5");
    advance(7499);
    expect(toast).toHaveBeenCalledTimes(2);
    advance(1);
    expect(screen.getByRole("status")).toHaveTextContent("Klart! Alla fem steg är slutförda.");
    expect(toast).toHaveBeenCalledTimes(3);
    expect(toast).toHaveBeenLastCalledWith("E-mail automation slutförd! 📧", expect.anything());
    start();
    advance(100);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
