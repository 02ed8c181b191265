/**
 * The Content-Security-Policy of the site's HTML. Scripts: our own files and, per page, exactly the
 * inline scripts the build found in that page (by hash); never 'unsafe-inline'. Outside hosts appear
 * only where a visitor asks for them: the map tiles and the video player loaded on click.
 */
export interface CspOptions {
  publicUrl: string;
}

export function htmlCsp(scriptHashes: readonly string[], { publicUrl }: CspOptions): string {
  const secure = publicUrl.startsWith("https://");
  const wsOrigin = publicUrl.replace(/^http/, "ws");
  const directives = [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join("")}`,
    // React and Radix set style attributes (positions, sizes); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
    "font-src 'self'",
    `connect-src 'self' ${wsOrigin}`,
    "frame-src https://www.youtube-nocookie.com",
    "media-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** For everything that is not HTML (JSON, files): nothing may run, nothing may frame it. */
export const apiCsp =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * /sitemap.xml: crawlers read the XML; a person's browser lays it out with /sitemap.css into the list
 * of addresses. That sheet is all it may load; nothing runs, nothing frames it.
 */
export const sitemapCsp =
  "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
