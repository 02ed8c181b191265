/**
 * Builds the Fastify application: outside plugins first (security headers, database), then the app's
 * own routes, then the site, which answers every path nobody else claimed. server.ts only starts it.
 */
import cookie from "@fastify/cookie";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from "fastify";
import type { Config } from "./config";
import type { OutboxWorkerOptions } from "./mail/outbox-worker";
import agentSessions from "./plugins/agent-sessions";
import contactInbox from "./plugins/contact-inbox";
import dbPlugin from "./plugins/db";
import mailer from "./plugins/mailer";
import securityHeaders from "./plugins/security-headers";
import supportChat, { type SupportChatPluginOptions } from "./plugins/support-chat";
import visitorSessions from "./plugins/visitor-sessions";
import apiRoutes from "./routes/api/index";
import type { ContactUsOptions } from "./routes/api/support/contact-us";
import healthRoutes from "./routes/health";
import chatSockets, { type ChatSocketOptions } from "./routes/ws/chat-sockets";
import sitePlugin from "./site/site-plugin";

export interface BuildOptions {
  logger?: FastifyServerOptions["logger"];
  /** Tests isolate PostgreSQL runs in a schema of their own. */
  pgSchema?: string;
  /** Tests shorten the outbox's polling and retry delays. */
  mailWorker?: Partial<OutboxWorkerOptions>;
  /** Tests lower the contact form's rate limit. */
  contactUs?: ContactUsOptions;
  /** Tests fix one-time codes, shorten the chat's timers, or plug in another broker. */
  chat?: Omit<SupportChatPluginOptions, "publicUrl" | "supportInbox">;
  /** Tests shorten the heartbeat and change the per-socket rate limit. */
  sockets?: Omit<ChatSocketOptions, "publicUrl">;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    // Case and trailing slashes are canonicalised with a 301 by the site plugin, not silently here.
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 },
    // Malformed URLs and content types are the client's fault: answer in the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      // The reply here is typed for a route-less context; its runtime API is the usual one.
      return (reply as unknown as FastifyReply)
        .code(status)
        .send({ status, error: { code: "bad_request", message: error.message } });
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    const code =
      status === 400
        ? "bad_request"
        : status === 413
          ? "too_large"
          : status === 415
            ? "unsupported_media_type"
            : status >= 500
              ? "internal"
              : "error";
    const message =
      status >= 500 ? "Something went wrong on our side. Please try again." : error.message;
    return reply.code(status).send({ status, error: { code, message } });
  });

  await app.register(securityHeaders, { publicUrl: config.publicUrl });
  await app.register(cookie);
  await app.register(dbPlugin, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
  });
  await app.register(mailer, { smtpUrl: config.smtpUrl, worker: options.mailWorker });
  await app.register(contactInbox, {
    supportInbox: config.supportInbox,
    publicUrl: config.publicUrl,
  });
  await app.register(agentSessions, {
    publicUrl: config.publicUrl,
    bootstrapAgent: config.bootstrapAgent,
  });
  await app.register(visitorSessions, { publicUrl: config.publicUrl });
  await app.register(supportChat, {
    publicUrl: config.publicUrl,
    supportInbox: config.supportInbox,
    ...options.chat,
  });
  await app.register(healthRoutes);
  await app.register(apiRoutes, {
    prefix: "/api",
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    contactUs: options.contactUs,
  });
  await app.register(chatSockets, { publicUrl: config.publicUrl, ...options.sockets });
  await app.register(sitePlugin, {
    siteDir: config.siteDir,
    publicUrl: config.publicUrl,
    appUrl: config.appUrl,
    reservedPrefixes: ["/api", "/ws"],
  });
  return app;
}
