import { describe, expect, it } from "vitest";
import { acceptedEncodings } from "./app.mjs";

describe("acceptedEncodings", () => {
  it("lists the codings a header allows, without those refused with q=0", () => {
    expect([...acceptedEncodings("gzip, deflate, br, zstd")]).toEqual(["gzip", "deflate", "br", "zstd"]);
    expect([...acceptedEncodings("br;q=0, gzip;q=0.8")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("BR ; q=1.0, gzip; q=0.000")]).toEqual(["br"]);
    expect([...acceptedEncodings("identity")]).toEqual(["identity"]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings("")]).toEqual([]);
  });
});
