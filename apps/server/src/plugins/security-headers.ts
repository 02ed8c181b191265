import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { apiCsp } from "../site/content-security-policy";

/**
 * The headers helmet chooses for these options, computed once: helmet writes them onto whatever
 * response it is given, and the values do not depend on the request.
 */
export function securityHeaderSet(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error("helmet did not finish synchronously");
  return Object.fromEntries(headers);
}

/**
 * Headers on every response: nosniff, a strict referrer policy, no framing, HSTS when the public
 * origin is https, a permissions policy, and a locked-down CSP that the site plugin replaces with
 * the page's own for HTML. Computed once at start and written with one call per request, which
 * keeps static serving fast (helmet as a per-request hook cost about a third of the throughput).
 * Answers that never reach the hooks (a URL Fastify cannot decode, a malformed HTTP request) get
 * the same headers from app.ts.
 */
export function baseSecurityHeaders(publicUrl: string): Record<string, string> {
  const https = publicUrl.startsWith("https://");
  return {
    ...securityHeaderSet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    }),
    "Content-Security-Policy": apiCsp,
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  };
}

export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    const headers = baseSecurityHeaders(publicUrl);
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "security-headers" },
);
