import { expect, hydrated, test } from "./fixtures";
import { chatLauncher, overFooterLine, resize } from "./layout-helpers";
import {
  configured,
  emitVoiceEvent,
  fakeMicrophone,
  standInChunk,
  statusPill,
  VOICE_CHUNK,
  voiceButton,
} from "./voice-helpers";

// The status pill needs a microphone to open, which only the full Chromium has (decision 056):
// these layout checks have a file of their own, so the rest run in the headless shell.
test.use(fakeMicrophone);

test.describe("the footer's last line scrolls clear of the floating buttons during a voice call", () => {
  test.use({ permissions: ["microphone"] });

  // The status pill sits left of the voice button and reaches the centred line up to about
  // 1220 px; at 1280 px the footer keeps its usual padding.
  test("/ with the status pill while connecting and in the call, at 360, 768, 1024 and 1280 × 740", async ({
    page,
  }) => {
    // One call, the page resized through the widths in each stage (the layout is CSS alone), with
    // the time a test per width had. The stages take seconds, far from the 30 s connect timeout.
    const widths = [360, 768, 1024, 1280];
    test.setTimeout(widths.length * test.info().project.timeout);
    await configured(page);
    await standInChunk(page);
    await page.setViewportSize({ width: widths[0]!, height: 740 });
    await page.goto("/");
    await hydrated(page);
    await voiceButton(page).click();
    const floating = {
      "chat launcher": chatLauncher(page),
      "voice button": voiceButton(page),
      "status pill": statusPill(page),
    };
    for (const [stage, text] of [
      ["connecting", "Ansluter…"],
      ["in the call", "Emma lyssnar"],
    ] as const) {
      if (stage === "in the call") await emitVoiceEvent(page, { type: "call-start" });
      for (const width of widths) {
        await resize(page, width);
        await expect(statusPill(page)).toContainText(text);
        expect(await overFooterLine(page, floating), `${stage} at ${width}×740`).toEqual([]);
      }
    }
  });
});

test.describe("the voice call's status pill on a narrow phone", () => {
  test.use({ permissions: ["microphone"] });

  test("its longest stage stays on the screen and inside the pill at 320 and 360 px", async ({ page }) => {
    test.setTimeout(2 * test.info().project.timeout);
    await configured(page);
    // The SDK's chunk never arrives: the pill stays at its longest stage, 'laddar röstassistenten'.
    await page.route(VOICE_CHUNK, () => {});
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto("/");
    await hydrated(page);
    await voiceButton(page).click();
    for (const width of [320, 360]) {
      await resize(page, width);
      await expect(statusPill(page)).toContainText("Ansluter… (laddar röstassistenten)");
      // The boxes of the text a visitor sees (not of a part for screen readers only: sr-only).
      const { pill, text } = await statusPill(page).evaluate((el) => {
        const text: DOMRect[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const style = getComputedStyle(node.parentElement!);
          if (style.position === "absolute" && parseFloat(style.width) <= 1) continue; // sr-only, maybe per width
          const range = document.createRange();
          range.selectNodeContents(node);
          text.push(...[...range.getClientRects()].map((r) => r.toJSON()));
        }
        return { pill: el.getBoundingClientRect().toJSON(), text };
      });
      expect(text.length, `at ${width} px`).toBeGreaterThan(0);
      expect(pill.left, `at ${width} px the pill starts on the screen`).toBeGreaterThanOrEqual(0);
      for (const r of text) {
        expect(r.left, `at ${width} px`).toBeGreaterThanOrEqual(pill.left - 0.5);
        expect(r.right, `at ${width} px`).toBeLessThanOrEqual(pill.right + 0.5);
        expect(r.top, `at ${width} px`).toBeGreaterThanOrEqual(pill.top - 0.5);
        expect(r.bottom, `at ${width} px`).toBeLessThanOrEqual(pill.bottom + 0.5);
      }
    }
  });
});
