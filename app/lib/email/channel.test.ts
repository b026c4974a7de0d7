import { describe, expect, it, vi } from "vitest";
import { messageTarget } from "./channel";

// The unit tests run without VITE_EMAILJS_PUBLIC_KEY: no operator EmailJS account.
const visitor = { serviceId: "s", templateId: "t", publicKey: "p" };

describe("messageTarget", () => {
  it("sends a lead with the visitor's own EmailJS config first", async () => {
    const inbox = vi.fn(async () => true);
    await expect(messageTarget("lead", visitor, "https://site.se", inbox)).resolves.toEqual({
      origin: "https://api.emailjs.com",
      ...visitor,
    });
    expect(inbox).not.toHaveBeenCalled();
  });

  it("sends to the site's local inbox with the kind's template id", async () => {
    const inbox = async () => true;
    await expect(messageTarget("lead", null, "https://site.se", inbox)).resolves.toEqual({
      origin: "https://site.se",
      publicKey: "local-inbox",
      serviceId: "local_inbox",
      templateId: "template_lead",
    });
    await expect(messageTarget("contact", visitor, "https://site.se", inbox)).resolves.toMatchObject({
      origin: "https://site.se",
      templateId: "template_contact",
    });
  });

  it("has no channel on a host without an inbox", async () => {
    await expect(messageTarget("lead", null, "https://site.se", async () => false)).resolves.toBeNull();
  });
});
