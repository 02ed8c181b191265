/**
 * Every concrete page of the site: each static entry of the route table, and one page per item of
 * a parameterised entry (`/blog-details/:id`: one per blog post). The router, the prerender list,
 * the postbuild step (manifest, sitemap, social cards) and the tests all list pages through this.
 * Runs at build time and in tests only (blog posts are read from disk).
 */
import { listPosts } from "./content/blog/posts";
import { brand } from "./brand";
import { pageRoutes, type PageRoute } from "./site";

export interface ConcretePage {
  path: string;
  route: PageRoute;
  /** Title for the social card. */
  title: string;
  /** Date of last change for the sitemap, when the content knows it. */
  lastmod?: string;
}

export async function listPages(): Promise<ConcretePage[]> {
  const pages: ConcretePage[] = [];
  for (const route of pageRoutes) {
    if (!route.dynamic) {
      pages.push({
        path: route.path,
        route,
        title: route.path === "/" ? brand.tagline : route.title,
      });
    } else if (route.path === "/blog-details/:id") {
      for (const post of await listPosts()) {
        pages.push({
          path: `/blog-details/${post.id}`,
          route,
          title: post.title,
          lastmod: post.date,
        });
      }
    } else {
      throw new Error(`No list of concrete pages for the dynamic route ${route.path}`);
    }
  }
  return pages;
}
