import { describe, expect, it } from "vitest";
import { isEmail } from "~/lib/email-address";
import { validate } from "./validation";

const rules = {
  name: { label: "Namn", required: true, max: 5 },
  email: { label: "E-post", required: true, email: true, max: 254 },
  company: { label: "Företag", max: 10 },
};

describe("validate", () => {
  it("requires required fields after trimming", () => {
    expect(validate({ name: "  ", email: "", company: "" }, rules)).toEqual({
      name: "Fyll i namn.",
      email: "Fyll i e-post.",
    });
  });
  it("checks e-mail shape and length", () => {
    expect(validate({ name: "Anna", email: "anna@", company: "x".repeat(11) }, rules)).toEqual({
      email: expect.stringContaining("giltig e-postadress"),
      company: "Högst 10 tecken.",
    });
    expect(isEmail("anna.berg@företag.se")).toBe(true);
    expect(isEmail("anna berg@x.se")).toBe(false);
  });
  it("passes valid values", () => {
    expect(validate({ name: "Anna", email: "a@b.se", company: "" }, rules)).toEqual({});
  });
});
