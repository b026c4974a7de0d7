import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { sitePages } from "../../app/config/routes";

/**
 * Where an element's top is in the viewport, once scrolling has settled. A landing section that a
 * link brought into view sits at 80 px: its scroll-margin-top, under the sticky header.
 */
function topOf(page: Page, selector: string) {
  return page.evaluate((s) => Math.round(document.querySelector(s)!.getBoundingClientRect().top), selector);
}

test("header links go to the landing page sections and /kom-igang", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/om-oss");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });
  await nav.getByRole("link", { name: "Kontakt" }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect.poll(() => topOf(page, "#contact")).toBe(80);
  await nav.getByRole("link", { name: "Tjänster" }).click();
  await expect.poll(() => topOf(page, "#services")).toBe(80);
  await nav.getByRole("link", { name: "Om oss" }).click();
  await expect.poll(() => topOf(page, "#about")).toBe(80);
  await expect(nav.getByRole("link", { name: "Kom igång" })).toHaveAttribute("href", "/kom-igang");
});

test("a section link moves the focus to the section: the next Tab goes on inside it", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/om-oss");
  await hydrated(page);
  await page.getByRole("button", { name: "Öppna menyn" }).click();
  const link = page.getByRole("navigation", { name: "Mobilmeny" }).getByRole("link", { name: "Tjänster" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/#services$/);
  await expect(page.locator("#services")).toBeFocused();
  // Focused, not ringed: a section is not a control.
  expect(await page.locator("#services").evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.querySelector("#services")!.contains(document.activeElement))).toBe(true);
});

// The browser alone scrolls to the hash of the first URL, past parts that are rendered late
// (decisions 009 and 018): none of their height estimates may move the section. It scrolls in a
// frame of its own after the load, seconds later on a slow machine.
const fragmentScroll = 15_000;
for (const width of [360, 1280]) {
  for (const id of ["services", "about", "contact"]) {
    test(`/#${id} lands on its section on a full load (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/#${id}`);
      await hydrated(page);
      await expect.poll(() => topOf(page, `#${id}`), { timeout: fragmentScroll }).toBe(80);
    });
  }
}

test("/#about lands on its section without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto("/#about");
    await expect.poll(() => topOf(page, "#about"), { timeout: fragmentScroll }).toBe(80);
  } finally {
    await context.close();
  }
});

// What keeps the first layout of / short (decision 018): on Lighthouse's phone, with no hash, the
// parts below the first screen are not laid out until the visitor scrolls near them.
test("without a hash, the landing page's far parts wait on a phone's first screen", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/");
  await hydrated(page);
  const waiting = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".render-when-near")]
        .filter((part) => !part.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }))
        .map((part) => part.id || part.getAttribute("aria-labelledby") || part.querySelector("h3")?.textContent),
    );
  const parts = await waiting();
  expect(parts).toEqual(expect.arrayContaining(["AI-Strategikonsultation", "quotes-heading", "about", "contact"]));
  // And they render as the visitor comes near.
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect.poll(async () => (await waiting()).includes("contact")).toBe(false);
});

test("back from another page returns to the same text, also where parts render late", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/privacy-policy");
  await hydrated(page);
  // Far down, among sections that render when they come near the viewport (decision 009): scrolled
  // there as a visitor does, so each section on the way has been rendered at its real height.
  await page.mouse.move(180, 400);
  for (let step = 0; step < 40 && (await page.evaluate(() => window.scrollY)) < 1700; step++) {
    await page.mouse.wheel(0, 200);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30))));
  }
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(1700);
  const heading = page.getByRole("heading", { level: 2 }).nth(5);
  const headingTop = () => heading.evaluate((h) => Math.round(h.getBoundingClientRect().top));
  // Until the wheel's scroll animation is over: the same top twice, a moment apart.
  await expect.poll(async () => (await headingTop()) === (await page.waitForTimeout(100).then(headingTop))).toBe(true);
  const before = await headingTop();
  // A click event without Playwright's scrolling of the link into view, which would move the
  // position to be remembered.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookiepolicy" }).dispatchEvent("click");
  await expect(page).toHaveURL(/\/cookie-policy$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  // Within a few pixels: back here, every part is rendered, and the heading sat up to 2 px off
  // its earlier place in some runs (not traced further); without the fix it was 0 px from the top
  // of the page, about 1700 px off.
  await expect.poll(async () => Math.abs((await headingTop()) - before)).toBeLessThanOrEqual(4);
});

test("a new page opens at its top at once, not gliding up from where the last one was", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/privacy-policy");
  await hydrated(page);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookiepolicy" }).dispatchEvent("click");
  await expect(page).toHaveURL(/\/cookie-policy$/);
  // The first frame of the new page: html scrolls smoothly, so a plain scrollTo would still be
  // hundreds of pixels down here.
  const y = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(scrollY))));
  expect(y).toBe(0);
});

test("a new page takes the focus to its content; a link in Emma's panel leaves the focus in the panel", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Integritetspolicy" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.locator("main")).toBeFocused();
  // From inside the chat panel, which stays open across pages, the focus is left where it is.
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  const panel = page.getByRole("dialog", { name: "Emma" });
  await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeFocused();
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookiepolicy" }).dispatchEvent("click");
  await expect(page).toHaveURL(/\/cookie-policy$/);
  await expect(panel.getByRole("textbox", { name: "Din fråga till Emma" })).toBeFocused();
});

test("back to an entry reached by a section link returns to where the visitor scrolled, not to the section", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // From the landing page itself, so that the section is there when the entry is shown again.
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Tjänster" }).click();
  await expect(page).toHaveURL(/\/#services$/);
  await expect.poll(() => topOf(page, "#services")).toBe(80);
  // On past the section, as a visitor scrolls.
  await page.mouse.move(640, 400);
  for (let step = 0; step < 20 && (await topOf(page, "#services")) > -1000; step++) {
    await page.mouse.wheel(0, 200);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30))));
  }
  // Until the wheel's scroll animation is over: the same position twice, a moment apart.
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  await expect.poll(async () => (await scrollY()) === (await page.waitForTimeout(100).then(scrollY))).toBe(true);
  const before = await topOf(page, "#services");
  expect(before).toBeLessThanOrEqual(-1000);
  // A click event without Playwright's scrolling of the link into view (the header is sticky
  // anyway), so that nothing moves the position to be remembered.
  await page
    .getByRole("navigation", { name: "Huvudmeny" })
    .getByRole("link", { name: "Kom igång" })
    .dispatchEvent("click");
  await expect(page).toHaveURL(/\/kom-igang$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/#services$/);
  // Where the page comes to rest (html scrolls smoothly): the same top twice, 100 ms apart, and the
  // one it had. Without the fix it came to rest with the section at its scroll margin (80 px),
  // over 1000 px off, and the poll runs out.
  const restingTop = async () => {
    const top = await topOf(page, "#services");
    return (await page.waitForTimeout(100).then(() => topOf(page, "#services"))) === top ? top : NaN;
  };
  await expect.poll(async () => Math.abs((await restingTop()) - before)).toBeLessThanOrEqual(4);
});

test("external links open in a new tab with rel=noopener", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const articles = page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: /Artiklar/ });
  await expect(articles).toHaveAttribute("target", "_blank");
  await expect(articles).toHaveAttribute("rel", /noopener/);
  for (const link of await page.locator("footer a[target=_blank]").all()) {
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  await expect(page.locator("footer")).toContainText("© 2024");
  // Karriär has no target: it is text, not a link.
  await expect(page.locator("footer").getByText("Karriär")).toBeVisible();
  await expect(page.locator("footer").getByRole("link", { name: "Karriär" })).toHaveCount(0);
});

test("mobile menu opens, and closes when a link is clicked", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Öppna menyn" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const menu = page.getByRole("navigation", { name: "Mobilmeny" });
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(page.getByRole("button", { name: "Stäng menyn" })).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Om oss" }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator("#about")).toBeInViewport();
  // Escape closes it too.
  await page.getByRole("button", { name: "Öppna menyn" }).click();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test("mobile menu: Escape gives the focus back to the menu button; a click outside closes it", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/kom-igang");
  await hydrated(page);
  const menu = page.getByRole("navigation", { name: "Mobilmeny" });
  const toggle = page.getByRole("button", { name: /menyn$/ });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Tjänster" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // A click outside closes the menu and leaves the focus where the click put it.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  const name = page.getByRole("textbox", { name: /Namn/ });
  await name.click();
  await expect(menu).toBeHidden();
  await expect(name).toBeFocused();
  // A click inside the open menu, off its links, keeps it open.
  await toggle.click();
  await expect(menu).toBeVisible();
  await menu.click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
  // Tabbing on past the menu's last link closes it; Shift+Tab back to the button keeps it open.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(toggle).toBeFocused();
  await expect(menu).toBeVisible();
  const links = await menu.getByRole("link").count();
  for (let i = 0; i < links; i++) await page.keyboard.press("Tab");
  await expect(menu.getByRole("link").last()).toBeFocused();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("hero buttons scroll to the services and link to the demo", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Banbrytande AI för företag och framtid");
  await expect(page.getByRole("link", { name: "Se demo" })).toHaveAttribute("href", "/demo");
  await page.getByRole("link", { name: "Utforska våra tjänster" }).click();
  await expect(page.locator("#services")).toBeInViewport();
});

test("the automation card goes to /automation-demo and the strategy card does nothing", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("link", { name: "Se automationsdemon" })).toHaveAttribute("href", "/automation-demo");
  const strategy = page.locator("#services li").filter({ hasText: "AI-Strategikonsultation" }).first();
  await strategy.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(strategy.locator("a, button")).toHaveCount(0);
});

test("the about section shows the four statistics", async ({ page }) => {
  await page.goto("/");
  const about = page.locator("#about");
  for (const text of ["50+", "AI-projekt", "99%", "nöjda kunder", "5+", "24/7"]) {
    await expect(about.getByText(text, { exact: true })).toBeVisible();
  }
});

test("a client-side navigation updates the title, description and canonical URL in <head>", async ({ page }) => {
  const privacy = sitePages.find((p) => p.path === "/privacy-policy")!;
  await page.goto("/");
  await hydrated(page);
  // Marks the document: a full page load would lose it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.locator("footer").getByRole("link", { name: "Integritetspolicy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page).toHaveTitle(new RegExp(`^${privacy.title} \\|`));
  await expect(page.locator("meta[name=description]")).toHaveAttribute("content", privacy.description);
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/privacy-policy$/);
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
