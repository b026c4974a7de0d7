import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { deferFarDownParts, renderDeferredParts } from "./deferred-render";

/**
 * Scroll handling for client-side navigation, kept in memory. React Router's <ScrollRestoration>
 * writes to sessionStorage on every page change, before the visitor has used any widget or form,
 * and throws when storage is disabled; this does without storage:
 * - a link to a hash (/#contact) scrolls to that section and moves the focus there,
 * - back/forward returns to where the visitor was on that entry (also one reached by a hash link),
 * - both with every deferred part rendered first, so that no height estimate moves the target
 *   (deferred-render.ts),
 * - any other navigation starts at the top, with the focus on the page's <main>.
 * Full page loads are left to the browser, which also handles a hash in the first URL.
 */
const positions = new Map<string, number>();

/** The page load is handled once per document, also if the app is mounted again. */
let pageLoadHandled = false;

/** The element a hash names, or null (also for a hash that is not valid percent-encoding). */
function hashTarget(hash: string) {
  try {
    const id = decodeURIComponent(hash.slice(1));
    return id ? document.getElementById(id) : null;
  } catch {
    return null;
  }
}

/** Focuses an element that may not take focus by itself (a section), without scrolling to it. */
function focusWithoutScrolling(element: HTMLElement) {
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  // Remember where the visitor is on the current history entry: the entry is read when the
  // scroll happens, from a ref that the layout effect below moves to the new entry before it
  // scrolls, so the scroll to the top of the next page is never recorded for the one left. The
  // position at hydration counts too: the visitor may have scrolled before the listener was there.
  const currentKey = useRef(location.key);
  useEffect(() => {
    const onScroll = () => positions.set(currentKey.current, window.scrollY);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // The page load itself is the browser's (top, or the hash of the first URL). Not the same as the
  // entry keyed "default": that is the first entry, which back/forward can return to. On
  // back/forward a remembered position wins over the hash (/#services, then scrolled on, is where
  // the visitor was), except on entries keyed "default": the first entry and every entry of a
  // plain hash link the browser followed itself (the skip link's #main) share that key, so what
  // is remembered under it may belong to another of them.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (!pageLoadHandled) {
      pageLoadHandled = true;
      return;
    }
    const saved = navigationType === "POP" ? positions.get(location.key) : undefined;
    const target = hashTarget(location.hash);
    if (target && (saved === undefined || location.key === "default")) {
      renderDeferredParts();
      target.scrollIntoView();
      // A link to a section moves the focus there too, as the browser does for a hash link it
      // follows itself: the next Tab goes on inside the section, not after the link (which, in
      // the mobile menu, has just been hidden). Not on back/forward, which leaves the focus be.
      if (navigationType !== "POP") focusWithoutScrolling(target);
      return;
    }
    if (saved) renderDeferredParts();
    else deferFarDownParts();
    // At once, not with html's smooth scrolling: a new page opens at its top, and back/forward
    // shows where the visitor was, without gliding there from the last page's position.
    window.scrollTo({ top: saved ?? 0, behavior: "instant" });
    // A new page takes the focus to its content, as a page load does: the next Tab starts there,
    // and a screen reader reads the new page instead of staying on the link that led to it.
    // Not from inside a dialog (the chat panel stays open across pages), not on back/forward.
    const main = document.getElementById("main");
    if (navigationType !== "POP" && main && !document.activeElement?.closest('[role="dialog"], dialog'))
      focusWithoutScrolling(main);
  }, [location.key, location.hash, navigationType]);

  return null;
}
