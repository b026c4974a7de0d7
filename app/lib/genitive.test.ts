import { describe, expect, it } from "vitest";
import { genitive } from "./genitive";

describe("genitive", () => {
  it("follows Swedish rules for names", () => {
    expect(genitive("Nordlys AI")).toBe("Nordlys AI:s");
    expect(genitive("IKEA")).toBe("IKEA:s");
    expect(genitive("Studio 54")).toBe("Studio 54:s");
    expect(genitive("Emma")).toBe("Emmas");
    expect(genitive("Nordlys")).toBe("Nordlys");
    expect(genitive("Max")).toBe("Max");
    expect(genitive("Ångström Ö")).toBe("Ångström Ö:s");
    expect(genitive(" Acme ")).toBe("Acmes");
  });
});
