/**
 * Where the content pages' own browser code is built, and what React Router's build learns from it.
 * `vite build -c vite.islands.config.ts` runs first and writes the enhancement script (every content
 * page loads it) and the islands it imports on demand into a directory next to the web build;
 * `react-router build` reads that build's manifest for the script's hashed URL, and the postbuild
 * step copies the files into the served assets. Read by both Vite configs and by the postbuild step.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
// A relative path: Vite bundles the config with it, where a workspace package would stay external.
import { appUrlStandIn, publicUrlStandIn } from "../../packages/contracts/src/site-origins";

const appDir = fileURLToPath(new URL(".", import.meta.url));

/** The web build (WEB_BUILD_DIR lets two builds of one checkout live side by side). */
export const webBuildDir = (() => {
  const dir = process.env.WEB_BUILD_DIR ?? "build";
  return isAbsolute(dir) ? dir : join(appDir, dir);
})();

/** The islands build, beside the web build: React Router's build empties its own directory. */
export const islandsBuildDir = `${webBuildDir}-islands`;

/** The one module every content page loads. */
export const enhanceEntry = "app/enhance/main.ts";

// The public origin and the app URL are written into the prerendered pages and the islands
// (canonical links, sign-in buttons). Unless the build is given them, it writes stand-ins that the
// server replaces with its own PUBLIC_URL and APP_URL when it loads the build.
export function setBuildEnv() {
  process.env.VITE_PUBLIC_URL ??= process.env.PUBLIC_URL || publicUrlStandIn;
  process.env.VITE_APP_URL ??= process.env.APP_URL || appUrlStandIn;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The enhancement script's URL and the URLs of the chunks it imports statically (to preload), from
 * the islands build's manifest.
 */
export function enhanceScriptUrls(): { script: string; preloads: string[] } {
  const file = join(islandsBuildDir, ".vite", "manifest.json");
  if (!existsSync(file)) {
    throw new Error(
      `The islands build is missing (${file}): run "vite build -c vite.islands.config.ts" first (npm run build does).`,
    );
  }
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[enhanceEntry];
  if (!entry) throw new Error(`${file} has no entry for ${enhanceEntry}`);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(`/${chunk.file}`)) return;
    preloads.add(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return { script: `/${entry.file}`, preloads: [...preloads] };
}
