/**
 * Session tokens and their cookies, shared by visitor and agent sessions. A token is 256 random
 * bits sent only in an HttpOnly cookie; the database keeps its SHA-256, so a leaked table opens no
 * session. On https the cookie is `__Host-`-prefixed and Secure (host-only, path /).
 */
import { createHash, randomBytes } from "node:crypto";
import type { CookieSerializeOptions } from "@fastify/cookie";

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A well-formed token: anything else is not looked up at all. */
export function looksLikeSessionToken(value: unknown): value is string {
  return typeof value === "string" && /^[\w-]{43}$/.test(value);
}

export type SessionKind = "visitor" | "agent";

const baseNames: Record<SessionKind, string> = { visitor: "hl_chat", agent: "hl_agent" };

export function sessionCookieName(kind: SessionKind, publicUrl: string): string {
  return publicUrl.startsWith("https://") ? `__Host-${baseNames[kind]}` : baseNames[kind];
}

export function sessionCookieOptions(publicUrl: string, maxAgeMs: number): CookieSerializeOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: publicUrl.startsWith("https://"),
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

export function clearedCookieOptions(publicUrl: string): CookieSerializeOptions {
  return { ...sessionCookieOptions(publicUrl, 0), maxAge: 0, expires: new Date(0) };
}
