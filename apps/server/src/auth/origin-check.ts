/**
 * Cross-site request refusal. The session cookies are SameSite=Lax, and on top of that every
 * state-changing API call and every WebSocket upgrade must come from our own origin: a request whose
 * Origin names another site, or that the browser marks as cross-site, is refused with 403.
 */
import type { FastifyRequest } from "fastify";

export function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * For WebSocket upgrades: browsers always send Origin there, so a missing one is refused too.
 */
export function isAllowedUpgradeOrigin(request: FastifyRequest, allowedOrigin: string): boolean {
  const origin = request.headers.origin;
  return typeof origin === "string" && origin === allowedOrigin;
}

/**
 * For API mutations (and every agent call): a foreign Origin, or a request the browser marks as
 * coming from another site or from a sibling subdomain (`Sec-Fetch-Site: cross-site` or
 * `same-site`), is refused. SameSite=Lax cookies still travel from a sibling subdomain, and on a
 * navigation without an Origin header that mark is the only sign of it. A request with neither
 * header is not from a browser page, so it cannot carry a victim's cookie by accident.
 */
export function isCrossSiteRequest(request: FastifyRequest, allowedOrigin: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "" && origin !== allowedOrigin) return true;
  const site = request.headers["sec-fetch-site"];
  return site === "cross-site" || site === "same-site";
}
