import helmet from "@fastify/helmet";
import fp from "fastify-plugin";
import { apiCsp } from "../site/content-security-policy";

/**
 * Headers on every response: nosniff, a strict referrer policy, no framing, HSTS when the public
 * origin is https, and a locked-down CSP that the site plugin replaces with the page's own for HTML.
 */
export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    const https = publicUrl.startsWith("https://");
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      hsts: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    });
    app.addHook("onSend", async (_request, reply, payload) => {
      if (!reply.hasHeader("Content-Security-Policy"))
        reply.header("Content-Security-Policy", apiCsp);
      reply.header(
        "Permissions-Policy",
        "camera=(), microphone=(), geolocation=(), interest-cohort=()",
      );
      return payload;
    });
  },
  { name: "security-headers" },
);
