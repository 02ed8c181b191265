import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { listPages } from "./page-paths";
import { answerRoutes, consoleApp } from "./site";

// One route per concrete page, so an address that names no page (`/blog-details/99`) falls
// through to the 404 route in the browser too, the same as on the server. Several pages share a
// module, so route ids are the paths. The public pages share the site's layout; the support
// console (client-rendered, never prerendered) has its own.
export default (async () => [
  layout("routes/_site/site-layout.tsx", [
    ...(await listPages()).map((p) => route(p.path, p.route.file, { id: p.path })),
    ...answerRoutes.map((r) => route(r.path, r.file, { id: r.path })),
    route("*", "routes/_site/not-found.tsx", { id: "not-found" }),
  ]),
  route(consoleApp.path, "routes/console/console-layout.tsx", [
    route("sign-in", "routes/console/sign-in.tsx"),
    layout("routes/console/signed-in-layout.tsx", [
      index("routes/console/inbox.tsx", { id: "console-inbox" }),
      route("conversations/:id", "routes/console/inbox.tsx", { id: "console-conversation" }),
      route("contacts", "routes/console/contacts.tsx"),
      route("canned-replies", "routes/console/canned-replies.tsx"),
      route("agents", "routes/console/agents.tsx"),
      route("visitor-data", "routes/console/visitor-data.tsx"),
      route("reports", "routes/console/reports.tsx"),
      route("business-hours", "routes/console/business-hours.tsx"),
      route("settings", "routes/console/settings.tsx"),
      // Not a screen: the inbox's controls load and submit through its loader and action.
      route("team", "routes/console/team.tsx"),
    ]),
    route("*", "routes/console/console-not-found.tsx"),
  ]),
])() satisfies RouteConfig;
