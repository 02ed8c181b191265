import type { Config } from "@react-router/dev/config";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { listPages } from "./app/page-paths";
import { answerRoutes, notFoundPrerenderPath } from "./app/site";
import { webBuildDir } from "./islands-build";

export default {
  ssr: false,
  buildDirectory: relative(fileURLToPath(new URL(".", import.meta.url)), webBuildDir),
  async prerender() {
    return [
      ...(await listPages()).map((p) => p.path),
      ...answerRoutes.map((r) => r.path),
      notFoundPrerenderPath,
    ];
  },
} satisfies Config;
