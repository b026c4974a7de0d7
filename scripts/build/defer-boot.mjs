// Rewrites a prerendered page so that its JavaScript loads after the first paint and runs in
// short tasks (decisions 004 and 008). The steps and the <Scripts /> shape they rely on are in
// scripts/build/README.md; nothing else in the page changes.

const MODULE_SCRIPT = /<script type="module" async(?:="")?>([\s\S]*?)<\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
/** <Scripts />'s output: the preloads, the context script (no "<" in it), the module script. */
const SCRIPTS_OUTPUT =
  /(?:<link rel="modulepreload" href="[^"]+"\/>)+(<script>window\.__reactRouterContext = [^<]*<\/script>)<script type="module" async(?:="")?>[\s\S]*?<\/script>/;
/** How long the imports wait for the preloads before they start anyway (a slow network). */
export const PRELOAD_WAIT_MS = 3000;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([\w$]+)\s+from\s+)?("[^"]+");?[ \t]*$/gm;
const DYNAMIC_IMPORT = /\bimport\(("[^"]+")\)/g;

/**
 * Runs `boot` once the page has painted: on the first-contentful-paint entry, at once when the
 * page is hidden (a background tab paints nothing) or the browser cannot report paints, and
 * after 3 s at the latest.
 */
const WHEN_PAINTED = `function(boot){var done=false;function go(){if(!done){done=true;boot()}}
if(document.visibilityState!=="visible"||typeof PerformanceObserver!=="function"||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return go();
new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});
document.addEventListener("visibilitychange",go,{once:true});setTimeout(go,3000)}`;

/**
 * Orders module URLs so that every module comes after the modules it imports statically.
 * @param {string[]} urls
 * @param {(url: string) => string[]} importsOf static imports of a module, as URL paths
 */
export function dependencyOrder(urls, importsOf) {
  const wanted = new Set(urls);
  const ordered = [];
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const dep of importsOf(url)) if (wanted.has(dep)) visit(dep);
    ordered.push(url);
  };
  urls.forEach(visit);
  return ordered;
}

/**
 * @param {string} html a page prerendered by React Router
 * @param {{ importsOf?: (url: string) => string[] }} [options] static imports of a built module,
 *   as URL paths, to import the modules in dependency order (default: in the order of the page)
 * @returns {string}
 */
export function deferBoot(html, { importsOf = () => [] } = {}) {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length === 0) return html;
  if (scripts.length > 1) throw new Error("deferBoot: more than one inline module script");
  const output = SCRIPTS_OUTPUT.exec(html);
  // Anything else (React Router's nonce, SRI or crossOrigin options, a preload from a route's
  // links) would load before the first paint or be missed here: look at this rewrite again.
  if (!output) throw new Error("deferBoot: unexpected shape of <Scripts />'s output");
  if (html.replace(output[0], "").includes(`<link rel="modulepreload"`))
    throw new Error("deferBoot: a module preload outside <Scripts />");
  const preloads = [...output[0].matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const code = scripts[0][1];

  const imports = [...code.matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1] ?? null, url: JSON.parse(m[2]) }));
  const rest = code.replace(STATIC_IMPORT, "").trim();
  const entries = [...rest.matchAll(DYNAMIC_IMPORT)].map((m) => JSON.parse(m[1]));
  // React Router's script has only these shapes; anything else means its output changed and this
  // rewrite must be looked at again rather than ship a page that does not hydrate.
  if (
    imports.length === 0 ||
    entries.length !== 1 ||
    /\bimport\s*[^\s(]/.test(rest) ||
    /\bexport\b/.test(rest) ||
    !rest.includes("__reactRouterRouteModules")
  ) {
    throw new Error(`deferBoot: unexpected module script from React Router:\n${code}`);
  }
  // Every module before the client entry, whose evaluation starts hydration: the preloaded ones
  // (the entry's dependencies among them) and the route modules, in dependency order.
  const before = dependencyOrder(
    [...new Set([...preloads, ...imports.map((i) => i.url)])].filter((u) => u !== entries[0]),
    importsOf,
  );
  const bindings = imports.map((i) => `${i.name ?? "_"}=m[${JSON.stringify(i.url)}]`).join(",");
  // One step per task (each first costs up to 10 ms); the imports wait for every preload to
  // load or fail (at most PRELOAD_WAIT_MS), so no module runs while V8 still compiles one on a
  // background thread (decision 008). A failed preload is fetched again by its import.
  const boot = `(function(at){return function(){var pre=${JSON.stringify(preloads)},order=${JSON.stringify(before)},m={},p=0,i=0,w=0,wait=false,ready=false;
var c=new MessageChannel();c.port1.onmessage=next;c.port2.postMessage(0);
function go(){if(wait){wait=false;ready=true;c.port2.postMessage(0)}}
function loaded(){if(++w===pre.length)go()}
function next(){if(p<pre.length){var l=document.createElement("link");l.rel="modulepreload";l.href=pre[p++];l.onload=l.onerror=loaded;at.parentNode.insertBefore(l,at);c.port2.postMessage(0)}
else if(!ready&&w<pre.length){wait=true;setTimeout(go,${PRELOAD_WAIT_MS})}
else if(i<order.length){var u=order[i++];import(u).then(function(x){m[u]=x;c.port2.postMessage(0)})}else run()}
function run(){var ${bindings};
${rest}
}}})(document.currentScript.previousElementSibling)`;
  const script = `<script>(${WHEN_PAINTED})(${boot})</script>`;
  return html.replace(output[0], () => output[1] + script);
}
