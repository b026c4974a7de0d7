// Puts the site's stylesheet into each prerendered page (docs/decisions/009-stylesheet-in-the-page.md):
// app/lib/inline-stylesheet.tsx prerenders an empty `<style data-href="/assets/….css">`, and this
// fills it with that built file, so the first paint needs no request after the HTML.

const EMPTY_STYLE = /<style data-href="(\/assets\/[^"]+\.css)"><\/style>/g;

/**
 * @param {string} html a prerendered page
 * @param {(href: string) => string} readCss the text of a built stylesheet, by its URL path
 * @returns {string}
 */
export function inlineStylesheets(html, readCss) {
  return html.replace(EMPTY_STYLE, (_, href) => {
    const css = readCss(href);
    // The HTML parser ends a <style> at the first "</style"; Tailwind's output never has one.
    if (/<\/style/i.test(css)) throw new Error(`inlineStylesheets: ${href} contains "</style"`);
    return `<style data-href="${href}">${css}</style>`;
  });
}
