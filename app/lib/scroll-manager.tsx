import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Scroll handling for client-side navigation, kept in memory. React Router's <ScrollRestoration>
 * writes to sessionStorage on every page change, before the visitor has used any widget or form,
 * and throws when storage is disabled; this does without storage:
 * - a link to a hash (/#contact) scrolls to that section,
 * - back/forward returns to where the visitor was on that entry,
 * - any other navigation starts at the top.
 * Full page loads are left to the browser, which also handles a hash in the first URL.
 */
const positions = new Map<string, number>();

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  // Remember where the visitor is on the current history entry.
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(location.key, window.scrollY));
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [location.key]);

  const isFirstRender = location.key === "default";
  useLayoutEffect(() => {
    if (isFirstRender) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) {
      target.scrollIntoView();
      return;
    }
    const saved = navigationType === "POP" ? positions.get(location.key) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [location.key, location.hash, navigationType, isFirstRender]);

  return null;
}
