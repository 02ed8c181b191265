import type { Config } from "@react-router/dev/config";
import { listPages } from "./app/page-paths";
import { notFoundPrerenderPath } from "./app/site";

export default {
  ssr: false,
  // WEB_BUILD_DIR lets two builds of one checkout live side by side (parallel test runs).
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  async prerender() {
    return [...(await listPages()).map((p) => p.path), notFoundPrerenderPath];
  },
} satisfies Config;
