import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("kom-igang", "routes/kom-igang.tsx"),
  route("om-oss", "routes/om-oss.tsx"),
  route("demo", "routes/demo.tsx"),
  route("automation-demo", "routes/automation-demo.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  // Any other path, also prerendered as /404 for the server to answer unknown paths with.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
