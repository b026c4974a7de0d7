import { describe, expect, it } from "vitest";
import { waveBars, waveformMask } from "./waveform";

/** The SVG inside a mask's data URI. */
function svgOf(mask: string) {
  const m = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(mask);
  if (!m) throw new Error(`not a data URI: ${mask}`);
  return decodeURIComponent(m[1]!);
}

describe("waveformMask", () => {
  it("draws one bar per height, centred, in a box as wide as the bars with their gaps", () => {
    const svg = svgOf(waveformMask([100, 40]));
    expect(svg).toContain("viewBox='0 0 12 100'");
    expect(svg).toContain("preserveAspectRatio='none'");
    expect(svg.match(/<rect /g)).toHaveLength(2);
    expect(svg).toContain("<rect x='1' y='0' width='4' height='100' rx='2'/>");
    expect(svg).toContain("<rect x='7' y='30' width='4' height='40' rx='2'/>");
  });

  it("has nothing that ends the CSS url() early", () => {
    const inner = waveformMask(waveBars).slice('url("'.length, -'")'.length);
    expect(inner).not.toMatch(/["()\s]/);
  });

  it("has the site's 44 bars, each between 20 % and 100 % of the height", () => {
    expect(waveBars).toHaveLength(44);
    expect(waveBars.filter((h) => h < 20 || h > 100)).toEqual([]);
  });
});
