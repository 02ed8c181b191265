/**
 * Serves the prerendered site from the web build: pages by their canonical path (301 from other
 * casings and trailing slashes), hashed assets with year-long immutable caching, brotli/gzip variants
 * made at build time, the app hand-offs, and the 404 page with status 404 for everything else.
 * What exists is decided by build/site-manifest.json, never by probing the file system per request.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import { siteManifestSchema, type ManifestPage } from "@hourline/contracts/site-manifest";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { htmlCsp } from "./content-security-policy";

export interface SitePluginOptions {
  siteDir: string;
  publicUrl: string;
  appUrl: string;
  /** Path prefixes owned by other plugins (the API, sockets): never answered with HTML. */
  reservedPrefixes: string[];
}

interface ServedPage {
  file: string;
  csp: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";
const SHORT = "public, max-age=3600";

function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(name) && !name.endsWith(".html")) {
        files.add(`/${relative(root, full).split(sep).join("/")}`);
      }
    }
  };
  walk(root);
  return files;
}

export function canonicalPath(pathname: string): string {
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (bare || "/").toLowerCase();
}

export function loadSiteManifest(siteDir: string) {
  const file = join(siteDir, "site-manifest.json");
  if (!existsSync(file)) {
    throw new Error(
      `The web build is missing (${file}). Run "npm run build" first, or set SITE_DIR to a web build.`,
    );
  }
  return siteManifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

const sitePlugin: FastifyPluginAsync<SitePluginOptions> = async (app, options) => {
  const manifest = loadSiteManifest(options.siteDir);
  const clientDir = join(options.siteDir, "client");
  if (manifest.publicUrl !== options.publicUrl) {
    app.log.warn(
      { built: manifest.publicUrl, configured: options.publicUrl },
      "the site was built for another PUBLIC_URL: canonical links and the sitemap name the built one; rebuild with this PUBLIC_URL",
    );
  }
  if (manifest.appUrl !== options.appUrl) {
    app.log.warn(
      { built: manifest.appUrl, configured: options.appUrl },
      "the site was built for another APP_URL: header buttons point to the built one; rebuild with this APP_URL",
    );
  }

  const serve = (p: ManifestPage): ServedPage => ({
    file: p.file,
    csp: htmlCsp(p.scriptHashes, { publicUrl: options.publicUrl }),
  });
  const pages = new Map(manifest.pages.map((p) => [p.path, serve(p)]));
  const notFound = serve(manifest.notFound);
  const handoffs = new Map(manifest.handoffs.map((h) => [h.path, `${options.appUrl}${h.target}`]));
  const files = listFiles(clientDir);

  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });

  const sendPage = (reply: FastifyReply, page: ServedPage, status = 200) =>
    reply
      .code(status)
      .header("Content-Security-Policy", page.csp)
      .header("Cache-Control", status === 200 ? REVALIDATE : "no-store")
      .type("text/html; charset=utf-8")
      .sendFile(page.file);

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      const raw = request.url;
      const queryAt = raw.indexOf("?");
      const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
      const query = queryAt === -1 ? "" : raw.slice(queryAt);

      let pathname: string;
      try {
        pathname = decodeURIComponent(rawPath);
      } catch {
        return sendPage(reply, notFound, 404);
      }

      if (files.has(pathname)) {
        const cache = pathname.startsWith("/assets/") ? IMMUTABLE : SHORT;
        return reply.header("Cache-Control", cache).sendFile(pathname.slice(1));
      }

      const canonical = canonicalPath(pathname);
      const page = pages.get(canonical);
      const handoff = handoffs.get(canonical);
      if ((page || handoff) && canonical !== pathname) {
        return reply.redirect(encodeURI(canonical) + query, 301);
      }
      if (handoff) return reply.redirect(handoff + query, 302);
      if (page) return sendPage(reply, page);
      return sendPage(reply, notFound, 404);
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
