/**
 * What the log may say about a person. Request lines carry URLs, and the chat's URLs hold the
 * visitor's e-mail address (`/api/support/get_message/{email}/`, `/ws/support/{email}/`), as the
 * contract has them: every path segment or query value with an address in it is replaced before
 * the line is written. Elsewhere an address is logged masked, if at all.
 */
import type { FastifyRequest } from "fastify";

/** The first letter and the domain: enough to tell two people apart in a log, not to write to. */
export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? `${email[0]}***${email.slice(at)}` : "***";
}

/** Anything that holds an "@", written plainly or percent-encoded. */
function holdsAddress(part: string): boolean {
  return part.includes("@") || part.includes("%40");
}

/** Query parameters whose value is a secret (the rating and resume links' tokens). */
const SECRET_PARAMS = new Set(["token", "rating_token"]);

/**
 * The URL with every path segment and query value that holds an address replaced, and every
 * token (`token=`) masked.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt + 1);
  const cleanPath = path
    .split("/")
    .map((segment) => (holdsAddress(segment) ? "[email]" : segment))
    .join("/");
  if (!query) return queryAt === -1 ? cleanPath : `${cleanPath}?`;
  const cleanQuery = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return holdsAddress(pair) ? "[email]" : pair;
      if (SECRET_PARAMS.has(pair.slice(0, eq).toLowerCase())) return `${pair.slice(0, eq)}=[token]`;
      return holdsAddress(pair.slice(eq + 1)) ? `${pair.slice(0, eq)}=[email]` : pair;
    })
    .join("&");
  return `${cleanPath}?${cleanQuery}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
