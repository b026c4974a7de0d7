// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

describe("root error boundary", () => {
  it("shows the spec's heading, a Swedish explanation and a way home instead of a blank page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Broken(): never {
      throw new Error("boom");
    }
    const Stub = createRoutesStub([{ path: "/", Component: Broken, ErrorBoundary: ErrorBoundary as never }]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toHaveAttribute("lang", "en");
    expect(screen.getByText(/Något gick fel när sidan skulle visas/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Till startsidan" })).toHaveAttribute("href", "/");
  });
});
