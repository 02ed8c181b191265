/**
 * Puts this deployment's PUBLIC_URL and APP_URL into the loaded build in place of the origins it was
 * built with (stand-ins unless the build was given them): canonical links, Open Graph and JSON-LD,
 * the sitemap, robots.txt, the sign-in buttons, and the scripts that name an origin. The brotli and
 * gzip variants are made again from the new bytes and the ETag follows them, so every encoding
 * serves the same text. Done once at start; nothing is rewritten per request.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { originFiller, type OriginFill } from "@hourline/contracts/site-origins";
import type { StaticFile } from "./static-files";

const textual = /^(?:text\/|application\/(?:json|xml|manifest\+json))/;

function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

function brotli(body: Buffer): Buffer {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * A compressed variant made on its first request and kept: compressing every filled file at start
 * took about 0.7 s, paid by every start (and every test that builds an app) for pages that may never
 * be asked for in that encoding.
 */
function lazily(bodies: StaticFile["bodies"], encoding: "br" | "gzip", make: () => Buffer) {
  let made: Buffer | undefined;
  Object.defineProperty(bodies, encoding, {
    enumerable: true,
    get: () => (made ??= make()),
  });
}

/** Rewrites the files in place and returns the paths of those that changed. */
export function fillServedOrigins(
  files: Map<string, StaticFile>,
  fills: readonly OriginFill[],
): Set<string> {
  const changed = new Set<string>();
  const fill = originFiller(fills);
  if (!fill) return changed;
  for (const [path, file] of files) {
    if (!textual.test(file.contentType)) continue;
    const before = file.bodies.identity.toString("utf8");
    const after = fill(before);
    if (after === before) continue;
    const identity = Buffer.from(after, "utf8");
    const bodies: StaticFile["bodies"] = { identity };
    if ("br" in file.bodies) lazily(bodies, "br", () => brotli(identity));
    if ("gzip" in file.bodies) lazily(bodies, "gzip", () => gzipSync(identity, { level: 9 }));
    files.set(path, { ...file, etag: etagOf(identity), bodies });
    changed.add(path);
  }
  return changed;
}
