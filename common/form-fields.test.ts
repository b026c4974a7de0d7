import { describe, expect, it } from "vitest";
import { PAYLOAD_FIELD_OF_INPUT, payloadFields } from "./form-fields.mjs";

describe("the forms' inputs and the payload fields they fill", () => {
  it("name each input's field once, in the spec's order, and join a first and last name", () => {
    const contact = { message: " Hej ", email: " anna@firma.se", lastName: "Berg ", firstName: " Anna", company: "" };
    expect(Object.entries(payloadFields("contact", contact))).toEqual([
      ["from_name", "Anna Berg"],
      ["from_email", "anna@firma.se"],
      ["company", ""],
      ["message", "Hej"],
    ]);
    const request = {
      name: "Bo",
      email: "bo@ab.se",
      company: "AB",
      phone: "070-1",
      message: "",
      service: "Automation",
    };
    expect(Object.keys(payloadFields("get-started", request))).toEqual([
      "from_name",
      "from_email",
      "company",
      "phone",
      "selected_service",
      "message",
    ]);
    expect(payloadFields("lead", { name: "Sara", email: "s@ek.se", time: "x" })).toEqual({
      from_name: "Sara",
      from_email: "s@ek.se",
      phone: "",
      company: "",
    });
  });

  it("keep the DOM's names on the inputs' side only", () => {
    const inputs = Object.values(PAYLOAD_FIELD_OF_INPUT).flatMap((form) => Object.keys(form));
    const fields = Object.values(PAYLOAD_FIELD_OF_INPUT).flatMap((form) => Object.values(form));
    expect(fields.filter((f) => ["name", "email", "service", "firstName", "lastName"].includes(f))).toEqual([]);
    expect(new Set(inputs)).toEqual(
      new Set(["firstName", "lastName", "name", "email", "company", "phone", "service", "message"]),
    );
  });
});
