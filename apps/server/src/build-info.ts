/**
 * Which build this process runs: the server package's version, the commit it was bundled from
 * (build.mjs writes it in) and the Node.js it runs on. /healthz answers it and /metrics exposes
 * it as hourline_build_info, so during a rolling upgrade each instance says which release it is.
 */
import { readFileSync } from "node:fs";

/** Set by build.mjs (esbuild `define`); absent when the sources run directly (tests, tsx). */
declare const __HOURLINE_COMMIT__: string | undefined;

export interface BuildInfo {
  version: string;
  commit: string;
  node: string;
}

/** src/ and dist/ both sit beside the server's package.json. */
function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version?: unknown;
    };
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

export const buildInfo: BuildInfo = {
  version: packageVersion(),
  commit: typeof __HOURLINE_COMMIT__ === "string" ? __HOURLINE_COMMIT__ : "unbundled",
  node: process.version,
};
