import { type RouteConfig, route } from "@react-router/dev/routes";
import { listPosts } from "./content/blog/posts";
import { pageRoutes, type PageRoute } from "./site";

/**
 * A parameterised path of the route table becomes one route per page that exists, so an address
 * that names no page (`/blog-details/99`) falls through to the 404 route in the browser too, the
 * same as on the server, instead of matching a page whose data was never built.
 */
async function concretePaths(r: PageRoute): Promise<string[]> {
  if (!r.dynamic) return [r.path];
  if (r.path === "/blog-details/:id")
    return (await listPosts()).map((p) => `/blog-details/${p.id}`);
  throw new Error(`No list of concrete paths for the dynamic route ${r.path}`);
}

// Every page comes from the route table; several paths may share one module, so ids are the paths.
export default (async () => [
  ...(await Promise.all(pageRoutes.map(concretePaths)))
    .flatMap((paths, i) => paths.map((path) => ({ path, file: pageRoutes[i]?.file ?? "" })))
    .map(({ path, file }) => route(path, file, { id: path })),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
])() satisfies RouteConfig;
