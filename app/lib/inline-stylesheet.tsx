/**
 * The site's stylesheet, inside every prerendered page instead of linked from it
 * (docs/decisions/009-stylesheet-in-the-page.md): the first paint waits for no request after the
 * HTML. The prerender writes an empty `<style data-href>`, which `scripts/lib/inline-css.mjs`
 * (postbuild) fills with the built file. In the browser this renders the same text again, read
 * from the page, so hydration (which leaves it as it is) and any later render keep it.
 * In development Vite serves the stylesheet itself (root.tsx links it) and this renders nothing.
 */
export function InlineStylesheet({ href }: { href: string }) {
  if (import.meta.env.DEV) return null;
  return <style data-href={href} dangerouslySetInnerHTML={{ __html: cssInPage(href) }} />;
}

let cached: string | undefined;

/** The stylesheet's text as the page has it; empty in the prerender, which postbuild fills. */
function cssInPage(href: string): string {
  if (typeof document === "undefined") return "";
  cached ??= document.querySelector(`style[data-href="${href}"]`)?.textContent ?? "";
  return cached;
}
