import { type RouteConfig, route } from "@react-router/dev/routes";
import { pageRoutes } from "./site";

// Every page comes from the route table; several paths may share one module, so ids are the paths.
export default [
  ...pageRoutes.map((r) => route(r.path, r.file, { id: r.path })),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
