import { beforeEach, describe, expect, it, vi } from "vitest";

const sonnerToast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), warning: vi.fn(), dismiss: vi.fn() });
vi.mock("sonner", () => ({ toast: sonnerToast }));

describe("toast (sonner loaded on the first toast)", () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it("asks for the region on the first toast and passes every call on, in order", async () => {
    const { toast, toastRegion } = await import("./toast");
    const changed = vi.fn();
    toastRegion.subscribe(changed);
    expect(toastRegion.requested()).toBe(false);

    toast.error("Fel", { description: "Kunde inte skicka." });
    toast("Hej");
    toast.success("Tack!", { id: "t1" });
    expect(toastRegion.requested()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);

    await vi.waitFor(() => expect(sonnerToast.success).toHaveBeenCalledWith("Tack!", { id: "t1" }));
    expect(sonnerToast.error).toHaveBeenCalledWith("Fel", { description: "Kunde inte skicka." });
    expect(sonnerToast).toHaveBeenCalledWith("Hej", undefined);
    const order = [sonnerToast.error, sonnerToast, sonnerToast.success].map((f) => f.mock.invocationCallOrder.at(-1)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
