/**
 * The Content-Security-Policy sources ("sha256-...") of a page's inline scripts, JSON-LD excepted
 * (data, never run). The build lists them per page; the server computes them again when it fills
 * the served origin into a page, since an inline script may contain it.
 */
import { createHash } from "node:crypto";

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? "";
    if (/type=["']application\/ld\+json["']/.test(attrs)) continue;
    hashes.add(
      `sha256-${createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64")}`,
    );
  }
  return [...hashes].sort();
}
