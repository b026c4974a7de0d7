import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { adminPath, sitePages } from "./config/routes";

export default [
  ...sitePages.map((page) => (page.path === "/" ? index(page.module) : route(page.path.slice(1), page.module))),
  // The operator's page: client-only, served only when the server has ADMIN_PASSWORD_HASH.
  route(`${adminPath.slice(1)}/*`, "routes/admin.tsx"),
  // Any other path, also prerendered as /404 for the server to answer unknown paths with.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
