import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { sitePages } from "./config/routes";

export default [
  ...sitePages.map((page) => (page.path === "/" ? index(page.module) : route(page.path.slice(1), page.module))),
  // Any other path, also prerendered as /404 for the server to answer unknown paths with.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
