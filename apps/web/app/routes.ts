import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { listPages } from "./page-paths";

// One route per concrete page, so an address that names no page (`/blog-details/99`) falls
// through to the 404 route in the browser too, the same as on the server. Several pages share a
// module, so route ids are the paths. The public pages share the site's layout.
export default (async () => [
  layout("routes/_site/site-layout.tsx", [
    ...(await listPages()).map((p) => route(p.path, p.route.file, { id: p.path })),
    route("*", "routes/_site/not-found.tsx", { id: "not-found" }),
  ]),
])() satisfies RouteConfig;
