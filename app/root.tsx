import { Fragment, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import faviconDataUrl from "./assets/favicon-32.png?inline";
import { buttonClass } from "~/components/ui/button";
import { allTurnsTaken, HydrateInTurn } from "~/boot/hydrate-in-turn";
import { Toaster } from "~/components/ui/toaster";
import { ChatWidget } from "~/features/chat/chat-widget";
import { OutboxRunner } from "~/lib/email/outbox-runner";
import { RouterProbe } from "~/boot/router-probe";
import { PagePartRenderer, type PagePartProps } from "~/lib/page-part";
import { ScrollManager } from "~/lib/scroll-manager";
import { errorCopy } from "~/content/shell";
import { SiteFooter } from "~/features/site-shell/site-footer";
import { SiteHeader } from "~/features/site-shell/site-header";

/**
 * Icons (public/, and the favicon in app/assets/, made by scripts/make-images.mjs from
 * public/favicon.svg). Nothing in <head> may start a request that races the first frame
 * (docs/decisions/010-nothing-beside-the-first-frame.md):
 * - The tab's favicon is a 32 px PNG inlined as a data: URL (about 1.2 KB of HTML after brotli).
 *   A URL would be fetched at the load event, which on these small pages comes before the first
 *   frame, and without a link Chromium asks for /favicon.ico all the same. /favicon.ico stays in
 *   public/ for the clients that ask for it by convention; search engines that want a URL find
 *   the 180 px apple-touch-icon, which Google Search accepts as a site's favicon.
 * - The SVG itself is not offered as an icon: Chromium loads an SVG favicon as a small document on
 *   the page's main thread, a task of 3–25 ms right after the first paint (docs/decisions/008).
 * - The web manifest is linked by <ManifestLink /> once the page runs, not in the HTML.
 */
export const links: Route.LinksFunction = () => [
  // Development only: Vite injects the imported stylesheet as <style> elements, which hydrating
  // <head> removes (they are not in the tree); a link both renders is kept. A build links the
  // built file through React Router.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: "/app/app.css" }] : []),
  { rel: "icon", type: "image/png", sizes: "32x32", href: faviconHref },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * The favicon's href: the data: URL in the prerender; in the browser, what the document's icon
 * link holds, so that the data: URL is not shipped a second time inside the root chunk (about
 * 1.5 KB gzip) and the hydrated <head> matches the HTML. Read once, when this module is evaluated
 * (before hydration), so that a <head> rendered anew later (the root error boundary replaces the
 * tree) still gets it. `import.meta.env.SSR` is a build-time constant: the client build drops the
 * import.
 */
const faviconHref = import.meta.env.SSR
  ? faviconDataUrl
  : (document.querySelector('link[rel="icon"]')?.getAttribute("href") ?? "/favicon.ico");

/** Where the web manifest is served (public/manifest.webmanifest). */
const MANIFEST_HREF = "/manifest.webmanifest";

/**
 * The web manifest's link, added once <head> has hydrated (after the first paint). Chromium
 * fetches a manifest as soon as it sees the link, on a connection of its own (a manifest is
 * fetched without credentials), beside the stylesheet the first frame waits for; nothing the
 * manifest holds (name, colours, icons for installing or pinning the site) is needed before the
 * page runs. A visitor without JavaScript gets no manifest, so the browser offers no install
 * metadata to them; the page itself is whole.
 */
function ManifestLink() {
  // The server snapshot (false) is what hydration renders, so the hydrated <head> matches the
  // prerendered one; the client snapshot then adds the link as a new element.
  const linked = useSyncExternalStore(noSubscription, isBrowser, isPrerender);
  return linked ? <link rel="manifest" href={MANIFEST_HREF} /> : null;
}
const noSubscription = () => () => {};
const isBrowser = () => true;
const isPrerender = () => false;

/**
 * The page's <html> element. In the browser Preact hydrates into document.documentElement, not
 * the document (docs/decisions/006-preact-compat.md), so there it renders only <head> and <body>
 * and leaves the prerendered <html lang="sv"> as it is.
 */
function Html({ children }: { children: ReactNode }) {
  return typeof document === "undefined" ? <html lang="sv">{children}</html> : <Fragment>{children}</Fragment>;
}

const inTurn = ({ name, children }: PagePartProps) => <HydrateInTurn name={name}>{children}</HydrateInTurn>;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RouterProbe>
      {/* The shell decides: every named part of a page hydrates in a turn of its own. */}
      <PagePartRenderer.Provider value={inTurn}>
        <Html>
          {/* Out of the first pass (nothing in <head> responds to a visitor), and the first of the
            turns: a client-side navigation before its turn would render it empty, stylesheet
            included. */}
          <HydrateInTurn name="head">
            <head>
              <meta charSet="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <meta name="theme-color" content="#4f46e5" />
              <Meta />
              <Links />
              <ManifestLink />
            </head>
          </HydrateInTurn>
          <body>
            {children}
            <Scripts />
          </body>
        </Html>
      </PagePartRenderer.Provider>
    </RouterProbe>
  );
}

/**
 * Marks the document once every part of it is interactive; browser tests wait for it. Set from
 * an effect after the last turn, so the effects of every section hydrated in turns ran first. Its
 * own component, so that the state change re-renders nothing else.
 */
function HydratedMark() {
  const [allHydrated, setAllHydrated] = useState(false);
  useEffect(() => {
    void allTurnsTaken().then(() => setAllHydrated(true));
  }, []);
  useEffect(() => {
    if (allHydrated) document.documentElement.dataset.hydrated = "true";
  }, [allHydrated]);
  return null;
}

export default function App() {
  return (
    <div className="flex min-h-screen flex-col">
      <HydrateInTurn name="header">
        <SiteHeader />
      </HydrateInTurn>
      <HydrateInTurn name="main">
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
      </HydrateInTurn>
      <HydrateInTurn name="footer">
        <SiteFooter />
      </HydrateInTurn>
      <ScrollManager />
      <HydrateInTurn name="chat">
        <ChatWidget />
      </HydrateInTurn>
      <Toaster />
      <OutboxRunner />
      <HydratedMark />
    </div>
  );
}

/** Never a blank page: render errors show the spec's heading, a Swedish explanation and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-start justify-center gap-4 px-4">
      <h1 lang={errorCopy.headingLang} className="text-3xl font-bold">
        {errorCopy.heading}
      </h1>
      <p className="text-ink-700">{errorCopy.explanation}</p>
      {detail ? <p className="text-sm text-ink-600">{detail}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Link to="/" reloadDocument className={buttonClass("primary")}>
          {errorCopy.home}
        </Link>
        <button type="button" className={buttonClass("ghost")} onClick={() => window.location.reload()}>
          {errorCopy.reload}
        </button>
      </div>
    </main>
  );
}

export function HydrateFallback() {
  return null;
}
