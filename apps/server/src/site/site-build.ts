/**
 * The web build as this server holds it: build/site-manifest.json, every file of build/client in
 * memory with this deployment's PUBLIC_URL and APP_URL in place of the build's (served-origins.ts),
 * and the Content-Security-Policy each page is served with. Loaded once at start and shared by the
 * site plugin (which serves it) and the routes that answer with one of its pages (the contact form
 * posted without JavaScript).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  siteManifestSchema,
  type ManifestPage,
  type SiteManifest,
} from "@hourline/contracts/site-manifest";
import { inlineScriptHashes } from "@hourline/contracts/site-script-hashes";
import { htmlCsp } from "./content-security-policy";
import { fillServedOrigins } from "./served-origins";
import { loadStaticFiles, type StaticFile } from "./static-files";

export interface SiteBuild {
  manifest: SiteManifest;
  /** Every file of build/client by its URL path ("/assets/..."), origins filled in. */
  files: Map<string, StaticFile>;
  /** The file a manifest entry names (relative to build/client). */
  fileFor(name: string): StaticFile;
  /** The manifest's page for a canonical path. */
  pageFor(path: string): ManifestPage;
  /** The policy a page of the build is served with: its own inline scripts, by hash. */
  pageCsp(page: ManifestPage): string;
}

function loadSiteManifest(siteDir: string): SiteManifest {
  const file = join(siteDir, "site-manifest.json");
  if (!existsSync(file)) {
    throw new Error(
      `The web build is missing (${file}). Run "npm run build" first, or set SITE_DIR to a web build.`,
    );
  }
  return siteManifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

export function loadSiteBuild(options: {
  siteDir: string;
  publicUrl: string;
  appUrl: string;
}): SiteBuild {
  const manifest = loadSiteManifest(options.siteDir);
  const files = loadStaticFiles(join(options.siteDir, "client"));
  const filled = fillServedOrigins(files, [
    { built: manifest.publicUrl, served: options.publicUrl },
    { built: manifest.appUrl, served: options.appUrl },
  ]);
  const fileFor = (name: string): StaticFile => {
    const file = files.get(`/${name}`);
    if (!file) throw new Error(`The site manifest names ${name}, which is not in the build`);
    return file;
  };
  // A page's inline scripts may name the origin: a filled page's hashes are taken again.
  const scriptHashes = (p: ManifestPage) =>
    filled.has(`/${p.file}`)
      ? inlineScriptHashes(fileFor(p.file).bodies.identity.toString("utf8"))
      : p.scriptHashes;
  return {
    manifest,
    files,
    fileFor,
    pageFor(path) {
      const page = manifest.pages.find((p) => p.path === path);
      if (!page) throw new Error(`The site manifest has no page ${path}: rebuild the site`);
      return page;
    },
    pageCsp: (p) => htmlCsp(scriptHashes(p), { publicUrl: options.publicUrl }),
  };
}
