// Where each view of the operator's page lives, so a message has its own URL and back works.

export const ADMIN_ROOT = "/admin";
export const messagePath = (id: string) => `${ADMIN_ROOT}/meddelanden/${encodeURIComponent(id)}`;
export const WELCOME_PATH = `${ADMIN_ROOT}/valkommen`;

export type AdminPlace = { view: "message"; id: string } | { view: "welcome" } | { view: string };

/**
 * The view a path names: a message (`/admin/meddelanden/<id>`), the one-time link's page, or the
 * nav view whose path it is (`paths`: the nav's), else the first nav view.
 * @param paths each nav view's id and path
 */
export function placeOf(pathname: string, paths: readonly { id: string; path: string }[]): AdminPlace {
  const path = pathname.replace(/\/+$/, "") || ADMIN_ROOT;
  const message = /^\/admin\/meddelanden\/([^/]+)$/.exec(path);
  if (message?.[1]) return { view: "message", id: decodeURIComponent(message[1]) };
  if (path === WELCOME_PATH) return { view: "welcome" };
  return { view: paths.find((p) => p.path === path)?.id ?? paths[0]?.id ?? "inbox" };
}
