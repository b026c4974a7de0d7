import { Fragment, options, type VNode } from "preact";

/**
 * In HTML, text that JSX wrote in parts (`{label} *`, `”{quote}”`, `© {year} {name}`) is one text
 * node: the parser joins adjacent text. Preact hydrates each part as a text node of its own, so it
 * shortens the one it finds and inserts the others, and every such change makes the browser lay
 * the page out again (on `/` 60 changed text nodes; docs/decisions/008). Joining adjacent text
 * children into one string before Preact sees them gives it the same text nodes as the HTML.
 * Installed by both entries (app/entry.client.tsx, app/entry.server.tsx), so the prerender and
 * the browser render the same tree. Only the children of DOM elements and fragments are joined:
 * what a component receives as children stays as written.
 */
export function joinAdjacentText(): void {
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    if ((typeof vnode.type === "string" || vnode.type === Fragment) && vnode.props) {
      const props = vnode.props as { children?: unknown };
      props.children = joinedChildren(props.children);
    }
    next?.(vnode);
  };
}

type Text = string | number;
const isText = (child: unknown): child is Text => typeof child === "string" || typeof child === "number";
/** What renders nothing, so does not separate two texts in the HTML. */
const isNothing = (child: unknown) => child === null || child === undefined || typeof child === "boolean";

/**
 * Children with each run of texts (with only nothing between them) joined into its first text;
 * the other slots of the run become `null` and an empty text becomes `null`, so every child keeps
 * its index (Preact matches children without keys by index). The array is copied only when
 * something changes.
 */
export function joinedChildren(children: unknown): unknown {
  if (children === "") return null;
  if (!Array.isArray(children)) return children;
  let out: unknown[] | null = null;
  let first = -1; // index of the first text of the current run, -1 outside a run
  for (let i = 0; i < children.length; i++) {
    const child: unknown = children[i];
    if (!isText(child)) {
      if (!isNothing(child)) first = -1;
      continue;
    }
    if (first < 0 && child !== "") {
      first = i;
      continue;
    }
    out ??= children.slice();
    if (first >= 0) out[first] = `${out[first] as Text}${child}`;
    out[i] = null;
  }
  return out ?? children;
}
