import type { Config } from "@react-router/dev/config";
import { listPosts } from "./app/content/blog/posts";
import { notFoundPrerenderPath, staticPageRoutes } from "./app/site";

export default {
  ssr: false,
  // WEB_BUILD_DIR lets two builds of one checkout live side by side (parallel test runs).
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  async prerender() {
    const posts = await listPosts();
    return [
      ...staticPageRoutes.map((r) => r.path),
      ...posts.map((p) => `/blog-details/${p.id}`),
      notFoundPrerenderPath,
    ];
  },
} satisfies Config;
