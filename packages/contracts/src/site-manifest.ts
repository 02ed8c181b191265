/**
 * What the web build tells the server about the site (build/site-manifest.json): the prerendered
 * pages, the 404 page, the client-rendered applications (the support console), the app hand-offs,
 * the pages whose search the server answers and the pages that answer the plain contact form.
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
  /**
   * Pages with a search (`?q=`): the search data (JSON, relative to build/client) that the page's
   * search block was rendered from (@hourline/contracts/site-search-html).
   */
  search: z.array(z.object({ path: z.string().startsWith("/"), data: z.string().min(1) })),
  /**
   * The pages that answer the contact form posted without JavaScript (both among `pages`, neither
   * in the sitemap): where a stored message is sent on (303), and the page the server answers a
   * refused post with, its form block filled in (@hourline/contracts/contact-form-html).
   */
  contactForm: z.object({
    thanks: z.string().startsWith("/"),
    check: z.string().startsWith("/"),
  }),
});
export type SiteManifest = z.infer<typeof siteManifestSchema>;
