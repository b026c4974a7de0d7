// Rewrites a prerendered page so that its JavaScript starts loading after the first paint
// instead of competing with the HTML and CSS for the network and the main thread before it
// (docs/decisions/003-javascript-after-first-paint.md).
//
// React Router's <Scripts /> writes module preloads into <head> and one inline module script that
// imports the route modules and then the client entry. This turns that script into a classic one
// which, once the first contentful paint is reported, adds the same module preloads and runs the
// same code with the static imports made dynamic. Nothing else in the page changes, and React
// hydrates the same markup: the preload links it renders are put back by React itself, and the
// script element keeps its place.

const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([\w$]+)\s+from\s+)?("[^"]+");?[ \t]*$/gm;

/**
 * Runs `boot` once the page has painted: on the first-contentful-paint entry, at once when the
 * page is hidden (a background tab paints nothing) or the browser cannot report paints, and
 * after 3 s at the latest.
 */
const WHEN_PAINTED = `function(boot){var done=false;function go(){if(!done){done=true;boot()}}
if(document.visibilityState!=="visible"||typeof PerformanceObserver!=="function"||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return go();
new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});
document.addEventListener("visibilitychange",go,{once:true});setTimeout(go,3000)}`;

/** @param {string} html a page prerendered by React Router @returns {string} */
export function deferBoot(html) {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length === 0) return html;
  if (scripts.length > 1) throw new Error("deferBoot: more than one inline module script");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const code = scripts[0][1];

  const imports = [...code.matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1] ?? null, spec: m[2] }));
  const rest = code.replace(STATIC_IMPORT, "").trim();
  // React Router's script has only these shapes; anything else means its output changed and this
  // rewrite must be looked at again rather than ship a page that does not hydrate.
  if (
    imports.length === 0 ||
    /\bimport\s*[^\s(]/.test(rest) ||
    /\bexport\b/.test(rest) ||
    !rest.includes("__reactRouterRouteModules")
  ) {
    throw new Error(`deferBoot: unexpected module script from React Router:\n${code}`);
  }
  const names = imports.map((i, n) => i.name ?? `_${n}`);
  const boot = `function(){${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});
Promise.all([${imports.map((i) => `import(${i.spec})`).join(",")}]).then(function(m){var ${names.map((n, i) => `${n}=m[${i}]`).join(",")};
${rest}
})}`;
  const script = `<script>(${WHEN_PAINTED})(${boot})</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(scripts[0][0], () => script);
}
