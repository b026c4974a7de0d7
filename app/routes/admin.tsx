import { adminCopy } from "~/content/admin";
import { AdminPage } from "~/features/admin/admin-page";

// Not a public page: no canonical URL, never indexed, not in sitePages (so not in the sitemap).
export const meta = () => [{ title: adminCopy.title }, { name: "robots", content: "noindex, nofollow" }];

/** Client-only: the prerendered HTML is the fallback below, never data (the page asks the API). */
export async function clientLoader() {
  return null;
}

export function HydrateFallback() {
  return <p className="adm-wrap">{adminCopy.loading}</p>;
}

export default function AdminRoute() {
  return <AdminPage />;
}
