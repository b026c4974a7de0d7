// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { h, render } from "preact";
import { renderToString } from "preact-render-to-string";
import {
  Scripts,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferBoot } from "../../scripts/build/defer-boot.mjs";
import "~/entry.server";
import { markHistoryEntry } from "./router-probe";

// One test per framework internal the boot leans on (app/boot/README.md).

const upgrade = (what: string, step: string) =>
  `${what} changed: look at ${step} again (app/boot/README.md) before upgrading.`;

describe("framework internals the boot leans on", () => {
  afterEach(() => window.history.replaceState(null, ""));

  it("React Router's <Scripts /> writes preloads, the context script and one module script", () => {
    const manifest = {
      url: "/assets/manifest-1.js",
      version: "1",
      entry: { module: "/assets/entry.client-2.js", imports: ["/assets/react-dom-6.js"] },
      routes: {
        root: { id: "root", path: "", module: "/assets/root-3.js", imports: ["/assets/react-dom-6.js"] },
        "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home-5.js" },
      },
    };
    const html = renderToString(
      <FrameworkContext.Provider
        value={
          {
            manifest,
            routeModules: {},
            serverHandoffString: "{}",
            future: {},
            ssr: false,
            isSpaMode: false,
            routeDiscovery: { mode: "initial" },
          } as never
        }
      >
        <DataRouterContext.Provider value={{ router: {}, static: true, staticContext: {} } as never}>
          <DataRouterStateContext.Provider
            value={{ matches: [{ route: { id: "root" } }, { route: { id: "routes/home" } }] } as never}
          >
            <Scripts />
          </DataRouterStateContext.Provider>
        </DataRouterContext.Provider>
      </FrameworkContext.Provider>,
    );
    const page = `<!DOCTYPE html><html><head></head><body><main>Hej</main>${html}</body></html>`;
    expect(() => deferBoot(page), upgrade("<Scripts />'s output", "scripts/build/defer-boot.mjs")).not.toThrow();
    expect(deferBoot(page), upgrade("<Scripts />'s output", "scripts/build/defer-boot.mjs")).not.toContain(
      'type="module"',
    );
  });

  it("React Router's <HydratedRouter> keeps the router it creates in a module variable", () => {
    // What router-probe.tsx's createRouterAhead relies on: a second <HydratedRouter> reuses it.
    for (const build of ["development", "production"]) {
      const file = join(process.cwd(), `node_modules/react-router/dist/${build}/dom-export.mjs`);
      const source = readFileSync(file, "utf8");
      expect(
        /\nvar router = null;[\s\S]*function HydratedRouter\(props\) \{\s*if \(!router\) \{\s*router = createHydratedRouter\(/.test(
          source,
        ),
        upgrade(`${build}/dom-export.mjs's router variable`, "app/boot/router-probe.tsx (createRouterAhead)"),
      ).toBe(true);
    }
  });

  it("React Router's browser history keeps its index under the history entry's `idx` key", () => {
    window.history.replaceState(null, "");
    createBrowserHistory();
    expect(
      window.history.state,
      upgrade("The history entry key", "markHistoryEntry in app/boot/router-probe.tsx"),
    ).toEqual({
      idx: 0,
    });
    // An entry marked ahead is taken as it is: the router's creation writes nothing.
    window.history.replaceState(null, "");
    markHistoryEntry();
    const replace = vi.spyOn(window.history, "replaceState");
    createBrowserHistory();
    expect(
      replace,
      upgrade("The history entry key", "markHistoryEntry in app/boot/router-probe.tsx"),
    ).not.toHaveBeenCalled();
  });

  it("Preact calls options.vnode for every element, so joined-text.ts sees adjacent texts", () => {
    // entry.server (imported above) installed joinAdjacentText, as both entries do.
    const root = document.createElement("div");
    render(h("p", null, "© ", 2024, " ", "Nordlys AI"), root);
    expect(root.firstChild!.childNodes.length, upgrade("Preact's options.vnode", "app/boot/joined-text.ts")).toBe(1);
  });
});
