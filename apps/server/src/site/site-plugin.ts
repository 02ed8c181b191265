/**
 * Serves the prerendered site from the web build: pages by their canonical path (301 from other
 * casings and trailing slashes), hashed assets with year-long immutable caching, brotli/gzip variants
 * made at build time, the app hand-offs, the client-rendered support console (its path and every
 * path below it, never indexed), the search pages' answers to `?q=` (search-answers.ts), and the
 * 404 page with status 404 for everything else.
 * What exists is decided by build/site-manifest.json, never by probing the file system per request.
 * The build's origins are replaced by this deployment's PUBLIC_URL and APP_URL at load
 * (served-origins.ts), so one build serves any address.
 */
import { gzipSync } from "node:zlib";
import type { ManifestPage } from "@hourline/contracts/site-manifest";
import type { SearchData } from "@hourline/contracts/site-search";
import { trimEndWhere } from "@hourline/contracts/text";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { sitemapCsp } from "./content-security-policy";
import { searchAnswers, searchRequest, type SearchAnswer } from "./search-answers";
import type { SiteBuild } from "./site-build";
import { negotiate, negotiateEncoding, type StaticFile } from "./static-files";

export interface SitePluginOptions {
  /** The web build, loaded once (site-build.ts). */
  site: SiteBuild;
  appUrl: string;
  /** Path prefixes owned by other plugins (the API, sockets): never answered with HTML. */
  reservedPrefixes: string[];
}

/** A file with the status and headers it is always served with, computed once at start. */
interface Served {
  file: StaticFile;
  status: 200 | 404;
  headers: Record<string, string>;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";
const SHORT = "public, max-age=3600";

function canonicalPath(pathname: string): string {
  const bare = pathname.length > 1 ? trimEndWhere(pathname, (c) => c === "/") : pathname;
  return (bare || "/").toLowerCase();
}

const sitePlugin: FastifyPluginAsync<SitePluginOptions> = async (app, options) => {
  // Every file of the build, in memory. HTML pages are reachable only through the manifest.
  const { manifest, files, fileFor, pageCsp } = options.site;
  const served = (
    file: StaticFile,
    status: 200 | 404,
    cacheControl: string,
    extra: Record<string, string> = {},
  ): Served => ({
    file,
    status,
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": cacheControl,
      Vary: "Accept-Encoding",
      ...(status === 200 ? { ETag: file.etag, "Last-Modified": file.lastModified } : {}),
      ...extra,
    },
  });
  const page = (p: ManifestPage, status: 200 | 404): Served =>
    served(fileFor(p.file), status, status === 200 ? REVALIDATE : "no-store", {
      "Content-Security-Policy": pageCsp(p),
    });
  const pages = new Map(manifest.pages.map((p) => [p.path, page(p, 200)]));
  const notFound = page(manifest.notFound, 404);
  // The console's screens are drawn in the browser: one HTML file for the prefix and below it. It
  // names the signed-in agent's work, so it is never indexed and never kept by a shared cache.
  const apps = manifest.apps.map((a) => ({
    path: a.path,
    served: served(fileFor(a.file), 200, "no-cache, private", {
      "Content-Security-Policy": pageCsp(a),
      "X-Robots-Tag": "noindex, nofollow",
    }),
  }));
  const appFor = (canonical: string) =>
    apps.find((a) => canonical === a.path || canonical.startsWith(`${a.path}/`));
  const handoffs = new Map(manifest.handoffs.map((h) => [h.path, `${options.appUrl}${h.target}`]));
  const assets = new Map(
    [...files]
      .filter(([path]) => !path.endsWith(".html"))
      .map(([path, file]) => [
        path,
        served(
          file,
          200,
          path.startsWith("/assets/") ? IMMUTABLE : SHORT,
          path === "/sitemap.xml" ? { "Content-Security-Policy": sitemapCsp } : {},
        ),
      ]),
  );

  // A search page asked for results: the page with them in place, made per request (no ETag).
  const searches = new Map(
    manifest.search.map((s) => {
      const page = manifest.pages.find((p) => p.path === s.path);
      if (!page) throw new Error(`The site manifest names a search for ${s.path}, not a page`);
      const html = fileFor(page.file).bodies.identity.toString("utf8");
      const data = JSON.parse(fileFor(s.data).bodies.identity.toString("utf8")) as SearchData;
      const {
        ETag: _etag,
        "Last-Modified": _modified,
        ...headers
      } = pages.get(s.path)?.headers ?? {};
      return [s.path, { answer: searchAnswers(s.path, html, data), headers }] as const;
    }),
  );
  const sendSearch = (
    request: FastifyRequest,
    reply: FastifyReply,
    search: { answer: SearchAnswer; headers: Record<string, string> },
    asked: { query: string; showAll: boolean },
  ) => {
    const body = Buffer.from(search.answer(asked.query, asked.showAll));
    reply.code(200).headers(search.headers);
    if (negotiate(request.headers["accept-encoding"], { br: false, gzip: true }) === "gzip") {
      reply.header("Content-Encoding", "gzip");
      return reply.send(gzipSync(body, { level: 6 }));
    }
    return reply.send(body);
  };

  const send = (request: FastifyRequest, reply: FastifyReply, what: Served) => {
    reply.code(what.status).headers(what.headers);
    if (what.status === 200) {
      const ifNoneMatch = request.headers["if-none-match"];
      if (
        ifNoneMatch &&
        (ifNoneMatch === "*" || ifNoneMatch.split(",").some((tag) => tag.trim() === what.file.etag))
      ) {
        return reply.code(304).send();
      }
    }
    const encoding = negotiateEncoding(request.headers["accept-encoding"], what.file);
    if (encoding !== "identity") reply.header("Content-Encoding", encoding);
    return reply.send(what.file.bodies[encoding]);
  };

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    // Static hits are not logged one by one (as with a CDN); errors still are.
    logLevel: "warn",
    handler: async (request, reply) => {
      const raw = request.url;
      const queryAt = raw.indexOf("?");
      const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
      const query = queryAt === -1 ? "" : raw.slice(queryAt);

      let pathname: string;
      try {
        pathname = decodeURIComponent(rawPath);
      } catch {
        return send(request, reply, notFound);
      }

      const asset = assets.get(pathname);
      if (asset) return send(request, reply, asset);

      const canonical = canonicalPath(pathname);
      const target = pages.get(canonical);
      const handoff = handoffs.get(canonical);
      const clientApp = target || handoff ? undefined : appFor(canonical);
      if ((target || handoff || clientApp) && canonical !== pathname) {
        return reply.redirect(encodeURI(canonical) + query, 301);
      }
      if (handoff) return reply.redirect(handoff + query, 302);
      const search = target && searches.get(canonical);
      const asked = search ? searchRequest(query.slice(1)) : null;
      if (search && asked) return sendSearch(request, reply, search, asked);
      if (target) return send(request, reply, target);
      if (clientApp) return send(request, reply, clientApp.served);
      return send(request, reply, notFound);
    },
  });

  // Paths owned by the API and the sockets answer in JSON, never with the HTML 404 page.
  for (const prefix of options.reservedPrefixes) {
    app.all(`${prefix}/*`, async (_request, reply) =>
      reply
        .code(404)
        .send({ status: 404, error: { code: "not_found", message: "No such endpoint" } }),
    );
  }
};

export default sitePlugin;
