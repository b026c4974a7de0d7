// React's API on Preact (docs/decisions/006-preact-compat.md): the app, React Router, sonner and
// lucide are written against React; these aliases give them preact/compat instead, in the
// browser build, the prerender and the unit tests alike.
/** @type {{ find: RegExp, replacement: string }[]} */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];
