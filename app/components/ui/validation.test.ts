import { describe, expect, it } from "vitest";
import { isEmail } from "#common/email-address.mjs";
import { isPhoneNumber } from "#common/phone-number.mjs";
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
  it("takes one bare address, so a mailer reads one (issue 43)", () => {
    for (const ok of [
      "anna.berg+ai@firma.se",
      "o'brien@sub.firma.co.uk",
      "анна@фирма.рф",
      `${"a".repeat(240)}@firma.se`,
    ]) {
      expect(isEmail(ok), ok).toBe(true);
    }
    for (const bad of [
      "anna@firma.se, vd@storkund.se",
      "anna@firma.se,vd@storkund.se",
      "a,vd@storkund.se",
      "Kund AB <vd@storkund.se>",
      "Kund<vd@storkund.se>",
      '"vd@storkund.se" <anna@firma.se>',
      "anna@firma.se;vd@storkund.se",
      "anna@firma",
      "anna@@firma.se",
      "anna@firma.se (vd@storkund.se)",
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
  it("checks a phone number, when one is given, for digits", () => {
    const phone = { phone: { label: "Telefon", phone: true, max: 30 } };
    expect(validate({ phone: "abc" }, phone)).toEqual({ phone: expect.stringContaining("helt telefonnummer") });
    expect(validate({ phone: "123" }, phone).phone).toBeDefined();
    expect(validate({ phone: "" }, phone)).toEqual({});
    for (const ok of [
      "070-123 45 67",
      "+46 8 123 45 67",
      "08-123 456 78",
      "(08) 123.45.67",
      "070–123 45 67",
      "(+46) 70 123 45 67",
    ])
      expect(isPhoneNumber(ok), ok).toBe(true);
    for (const bad of ["hej hej", "070-123 45 67 ring efter 5", "+46+8 123 45 67", "070 123", "9".repeat(16)])
      expect(isPhoneNumber(bad), bad).toBe(false);
  });
  it("passes valid values", () => {
    expect(validate({ name: "Anna", email: "a@b.se", company: "" }, rules)).toEqual({});
  });
});
