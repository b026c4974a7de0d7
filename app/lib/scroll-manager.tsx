import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { deferFarDownParts, renderDeferredParts } from "./deferred-render";

// Scroll and focus on client-side navigation, in memory, not storage (decision 002).
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

  // Read from a ref moved before the scroll, so the next page's top is never saved for the last.
  const currentKey = useRef(location.key);
  useEffect(() => {
    const onScroll = () => positions.set(currentKey.current, window.scrollY);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // On back/forward a remembered position wins over the hash, except under the key "default",
  // which the first entry shares with every hash link the browser followed itself (decision 002).
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
      // As for a hash link: the next Tab goes on inside the section. Not on back/forward.
      if (navigationType !== "POP") focusWithoutScrolling(target);
      return;
    }
    if (saved) renderDeferredParts();
    else deferFarDownParts();
    // At once, not with html's smooth scrolling: no glide from the last page's position.
    window.scrollTo({ top: saved ?? 0, behavior: "instant" });
    // As a page load does; not from inside a dialog (the chat panel), not on back/forward.
    const main = document.getElementById("main");
    if (navigationType !== "POP" && main && !document.activeElement?.closest('[role="dialog"], dialog'))
      focusWithoutScrolling(main);
  }, [location.key, location.hash, navigationType]);

  return null;
}
