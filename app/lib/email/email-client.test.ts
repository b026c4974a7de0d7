import { EmailJSResponseStatus } from "@emailjs/browser";
import { describe, expect, it } from "vitest";
import { classifyError } from "./email-client";
import { classifyStatus, isTransient } from "./send-result";

describe("EmailJS failure mapping", () => {
  it("maps the spec's statuses to our kinds", () => {
    expect(classifyStatus(451)).toBe("headless");
    expect(classifyStatus(403)).toBe("blocked");
    expect(classifyStatus(429)).toBe("rate-limited");
    expect(classifyStatus(0)).toBe("network");
    expect(classifyStatus(500)).toBe("server");
    expect(classifyStatus(503)).toBe("server");
    expect(classifyStatus(400)).toBe("rejected");
    expect(classifyStatus(422)).toBe("rejected");
  });
  it("maps what the SDK rejects with", () => {
    expect(classifyError(new EmailJSResponseStatus(429, "Too Many Requests"))).toMatchObject({
      kind: "rate-limited",
      status: 429,
    });
    expect(classifyError(new TypeError("Failed to fetch"))).toMatchObject({ kind: "network", status: 0 });
    expect(classifyError("The public key is required.")).toMatchObject({ kind: "invalid-config" });
  });
  it("retries only what may succeed later", () => {
    expect(["network", "timeout", "rate-limited", "server"].every((k) => isTransient(k as never))).toBe(true);
    expect(["blocked", "headless", "rejected", "invalid-config"].some((k) => isTransient(k as never))).toBe(false);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates", async () => {
    const { parseRetryAfter } = await import("./send-result");
    expect(parseRetryAfter("120", 0)).toBe(120_000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter("soon", 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});
