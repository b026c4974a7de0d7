import { options } from "preact";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToStringAsync } from "preact-render-to-string";
import { joinAdjacentText } from "~/boot/joined-text";

// The same tree as the browser hydrates (app/boot/joined-text.ts).
joinAdjacentText();

// React drops its own props when it renders HTML; preact-render-to-string would write this one
// out as an attribute (React Router's <Scripts /> sets it), which is not valid HTML.
const nextVnode = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === "string" && vnode.props && "suppressHydrationWarning" in vnode.props) {
    delete (vnode.props as Record<string, unknown>).suppressHydrationWarning;
  }
  nextVnode?.(vnode);
};

/** Renders each prerendered page at build time (ssr: false), at once: a file gains nothing from streaming. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const html = await renderToStringAsync(<ServerRouter context={routerContext} url={request.url} />);
  responseHeaders.set("Content-Type", "text/html");
  return new Response(`<!DOCTYPE html>${closeDocumentLast(html)}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}

const DOCUMENT_END = "</body></html>";

// React Router's hand-over scripts come after the app, here the whole <html>: React moves them
// before </body>, preact-render-to-string writes them after </html>. Move them in.
function closeDocumentLast(html: string): string {
  const end = html.lastIndexOf(DOCUMENT_END);
  if (end < 0) return html;
  return html.slice(0, end) + html.slice(end + DOCUMENT_END.length) + DOCUMENT_END;
}
