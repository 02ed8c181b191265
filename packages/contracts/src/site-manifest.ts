/**
 * What the web build tells the server about the site (build/site-manifest.json): the prerendered
 * pages, the 404 page, the client-rendered applications (the support console) and the app
 * hand-offs.
 */
import { z } from "zod";

export const manifestPageSchema = z.object({
  /** Canonical path, e.g. "/about-us". */
  path: z.string().startsWith("/"),
  /** HTML file relative to build/client. */
  file: z.string().min(1),
  lastmod: z.string(),
  /** CSP source expressions ("sha256-...") of the page's inline scripts. */
  scriptHashes: z.array(z.string().startsWith("sha256-")),
});
export type ManifestPage = z.infer<typeof manifestPageSchema>;

export const siteManifestSchema = z.object({
  version: z.literal(1),
  builtAt: z.string(),
  publicUrl: z.string().url(),
  appUrl: z.string().url(),
  pages: z.array(manifestPageSchema),
  notFound: manifestPageSchema,
  /**
   * Client-rendered applications: `path` and every path below it answer the same HTML file (the
   * build's client-rendering page), which is never indexed.
   */
  apps: z.array(manifestPageSchema),
  handoffs: z.array(
    z.object({ path: z.string().startsWith("/"), target: z.string().startsWith("/") }),
  ),
});
export type SiteManifest = z.infer<typeof siteManifestSchema>;
