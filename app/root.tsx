import { Fragment, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, useLocation } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import faviconDataUrl from "./assets/favicon-32.png?inline";
import interLatinUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { buttonClass } from "~/components/ui/button";
import { allTurnsTaken, HydrateInTurn } from "~/boot/hydrate-in-turn";
import { Toaster } from "~/components/ui/toaster";
import { ChatWidget } from "~/features/chat/chat-widget";
import { cn } from "~/lib/cn";
import { floatingPlacement } from "~/lib/floating-placement";
import { OutboxRunner } from "~/components/ui/outbox-runner";
import { RouterProbe } from "~/boot/router-probe";
import { PagePartRenderer, type PagePartProps } from "~/lib/page-part";
import { ScrollManager } from "~/lib/scroll-manager";
import { errorCopy } from "~/content/shell";
import { adminPath } from "~/config/admin-path";
import { SiteFooter } from "~/features/site-shell/site-footer";
import { SiteHeader } from "~/features/site-shell/site-header";

/** Icons: nothing in <head> may start a request that races the first frame (decision 010). */
export const links: Route.LinksFunction = () => [
  // Development only: hydrating <head> removes Vite's injected <style> elements; a link stays.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: "/app/app.css" }] : []),
  // The one font file, fetched beside the stylesheet (decision 015).
  { rel: "preload", href: interLatinUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", type: "image/png", sizes: "32x32", href: faviconHref },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// In the browser read from the HTML, so the root chunk does not ship the data: URL again (decision 010).
const faviconHref = import.meta.env.SSR
  ? faviconDataUrl
  : (document.querySelector('link[rel="icon"]')?.getAttribute("href") ?? "/favicon.ico");

/** Where the web manifest is served (public/manifest.webmanifest). */
const MANIFEST_HREF = "/manifest.webmanifest";

/** The web manifest's link, added after hydration: its fetch would race the first frame (decision 010). */
function ManifestLink() {
  // Hydration renders the server snapshot (no link), then the client one adds it.
  const linked = useSyncExternalStore(noSubscription, isBrowser, isPrerender);
  return linked ? <link rel="manifest" href={MANIFEST_HREF} /> : null;
}
const noSubscription = () => () => {};
const isBrowser = () => true;
const isPrerender = () => false;

/** <html> in the prerender; the browser hydrates into documentElement, so only its children (decision 006). */
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
          {/* The first turn: nothing in <head> responds to a visitor. */}
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

// Marks the document once every part is interactive (browser tests wait for it).
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

/** The operator's page is a tool, not a page of the site: no header, footer or Emma's buttons. */
const isAdminPath = (pathname: string) => pathname === adminPath || pathname.startsWith(`${adminPath}/`);

export default function App() {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) {
    return (
      <div className="flex min-h-screen flex-col">
        <HydrateInTurn name="main">
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            <Outlet />
          </main>
        </HydrateInTurn>
        <HydratedMark />
      </div>
    );
  }
  return (
    <div className={cn("flex min-h-screen flex-col", floatingPlacement.dockRoom)}>
      <HydrateInTurn name="header">
        <SiteHeader />
      </HydrateInTurn>
      {/* Right after the header in the DOM: the launcher is a few Tab stops from the top. */}
      <HydrateInTurn name="chat">
        <ChatWidget />
      </HydrateInTurn>
      <HydrateInTurn name="main">
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
      </HydrateInTurn>
      <HydrateInTurn name="footer">
        <SiteFooter />
      </HydrateInTurn>
      {/* The floating buttons' bar on screens below 1280 px: room of their own, over no text. */}
      <div aria-hidden="true" className={floatingPlacement.dock} />
      <ScrollManager />
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
