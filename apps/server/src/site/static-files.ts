/**
 * The build's files held in memory with everything a response needs, computed once at start: the
 * bytes of each encoding (identity and the brotli/gzip variants made at build), a strong ETag,
 * the content type. Serving a file is then a map lookup and one write, with no file-system call.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";

export type Encoding = "br" | "gzip" | "identity";

export interface StaticFile {
  contentType: string;
  etag: string;
  lastModified: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".xsl": "text/xsl; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

function contentTypeOf(path: string): string {
  return contentTypes[extname(path).toLowerCase()] ?? "application/octet-stream";
}

function load(full: string): StaticFile {
  const identity = readFileSync(full);
  const bodies: StaticFile["bodies"] = { identity };
  if (existsSync(`${full}.br`)) bodies.br = readFileSync(`${full}.br`);
  if (existsSync(`${full}.gz`)) bodies.gzip = readFileSync(`${full}.gz`);
  return {
    contentType: contentTypeOf(full),
    etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`,
    lastModified: statSync(full).mtime.toUTCString(),
    bodies,
  };
}

/** Every file under `root` by URL path ("/assets/x.js"), plus the HTML files by their own name. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/\.(?:br|gz)$/.test(name)) {
        files.set(`/${relative(root, full).split(sep).join("/")}`, load(full));
      }
    }
  };
  walk(root);
  return files;
}

/**
 * The best encoding the client accepts among those available. Brotli first, then gzip; an explicit
 * q=0 refuses an encoding.
 */
export function negotiate(
  acceptEncoding: string | undefined,
  available: { br: boolean; gzip: boolean },
): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(token.trim());
  }
  if (available.br && (accepted.has("br") || accepted.has("*"))) return "br";
  if (available.gzip && (accepted.has("gzip") || accepted.has("*"))) return "gzip";
  return "identity";
}

/** The best encoding the client accepts among those the file has. */
export function negotiateEncoding(acceptEncoding: string | undefined, file: StaticFile): Encoding {
  // `in`, not a read: a variant may be made on its first use (served-origins.ts).
  return negotiate(acceptEncoding, { br: "br" in file.bodies, gzip: "gzip" in file.bodies });
}
