import { Fragment, options, type VNode } from "preact";

// Joins adjacent texts as the HTML parser does, so hydration adopts its text nodes (decision 008).
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

// Each run of texts joined into its first; other slots and empty texts become `null`, so every
// child keeps its index (Preact matches unkeyed children by index).
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
