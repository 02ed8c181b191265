/**
 * Builds the Fastify application: outside plugins first (security headers, database), then the app's
 * own routes, then the site, which answers every path nobody else claimed. server.ts only starts it.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import cookie from "@fastify/cookie";
import { apiError } from "@hourline/contracts/api-error";
import { pino } from "pino";
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from "fastify";
import type { Config } from "./config";
import { serializeRequest } from "./log/redaction";
import { requestLoggerFactory } from "./log/request-logger";
import { createStateChanges } from "./log/state-changes";
import type { OutboxWorkerOptions } from "./mail/outbox-worker";
import type { BrokerTransport } from "./chat/broker";
import agentSessions from "./plugins/agent-sessions";
import chatBroker, { type ChatBrokerOptions } from "./plugins/chat-broker";
import clientIpHash from "./plugins/client-ip-hash";
import contactInbox from "./plugins/contact-inbox";
import dbPlugin, { type DatabaseRetry } from "./plugins/db";
import { isDatabaseUnavailable } from "./db/database-unavailable";
import mailer from "./plugins/mailer";
import metricsPlugin from "./plugins/metrics";
import securityHeaders, { baseSecurityHeaders } from "./plugins/security-headers";
import supportChat, { type SupportChatPluginOptions } from "./plugins/support-chat";
import visitorSessions from "./plugins/visitor-sessions";
import apiRoutes from "./routes/api/index";
import type { ContactUsOptions } from "./routes/api/support/contact-us";
import healthRoutes from "./routes/health";
import chatRatingPage from "./routes/chat-rating-page";
import housekeeping, { type HousekeepingOptions } from "./plugins/housekeeping";
import chatSockets, { type ChatSocketOptions } from "./routes/ws/chat-sockets";
import chatResume from "./routes/chat-resume";
import { contactFormPages } from "./site/contact-form-pages";
import { loadSiteBuild } from "./site/site-build";
import sitePlugin from "./site/site-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Starts the drain before a stop: /readyz answers 503 from now on (see server.ts). */
    drain(): void;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions["logger"];
  /** Tests isolate PostgreSQL runs in a schema of their own. */
  pgSchema?: string;
  /** Tests shorten the outbox's polling and retry delays. */
  mailWorker?: Partial<OutboxWorkerOptions>;
  /** Tests lower the contact form's rate limit. */
  contactUs?: Omit<ContactUsOptions, "pages">;
  /** Tests fix one-time codes or shorten the chat's timers. */
  chat?: Omit<SupportChatPluginOptions, "publicUrl" | "supportInbox">;
  /** What carries the chat broker's payloads; REDIS_URL's, or in process, unless given. */
  brokerTransport?: BrokerTransport;
  /** Tests shorten how long a crashed instance's sockets keep counting. */
  presence?: ChatBrokerOptions["presence"];
  /** Tests shorten the transcript sweep and the pruning intervals. */
  housekeeping?: Omit<HousekeepingOptions, "retentionDays" | "dataDir">;
  /** Tests have /metrics read the database's queues at every scrape (0). */
  metricsQueueMaxAgeMs?: number;
  /** Tests shorten the heartbeat and change the per-socket rate limit. */
  sockets?: Omit<ChatSocketOptions, "publicUrl">;
  /** Tests shorten the waits of a start while the database is unreachable. */
  databaseRetry?: Partial<DatabaseRetry>;
}

/** What a proxy's X-Request-Id may look like for us to keep it (nginx's $request_id is 32 hex). */
const REQUEST_ID = /^[\w.:-]{8,64}$/;

/**
 * The request's id, in every log line about it and in the X-Request-Id answer header. Behind a
 * trusted proxy its X-Request-Id is kept, so the proxy's access log and ours name the same id;
 * otherwise (a client could send anything) the id is ours.
 */
function requestIdFor(trustsProxy: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers["x-request-id"];
    return trustsProxy && typeof given === "string" && REQUEST_ID.test(given)
      ? given
      : randomUUID();
  };
}

/** A raw answer for a request too broken for HTTP parsing, with the headers every answer has. */
function rawBadRequest(headers: Record<string, string>): string {
  const body = JSON.stringify(apiError(400, "bad_request", "The request could not be read."));
  const lines = [
    "HTTP/1.1 400 Bad Request",
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Node marks the requests it hands to the 'upgrade' event (untyped in @types/node). */
function isUpgradeRequest(request: IncomingMessage): boolean {
  return (request as IncomingMessage & { upgrade?: unknown }).upgrade === true;
}

/**
 * Closes the socket of an upgrade request that was answered over HTTP instead of upgraded, once
 * the answer is written. Such a socket has no HTTP parser any more: keep-alive cannot work on it.
 */
function endUpgradeSocketAfterAnswer(response: ServerResponse): void {
  const socket = response.socket;
  response.setHeader("Connection", "close");
  response.once("finish", () => {
    if (socket && !socket.destroyed) socket.end(() => socket.destroy());
  });
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const headers = baseSecurityHeaders(config.publicUrl);
  // The web build: served by the site plugin, and the pages some API answers are (the plain
  // contact form's). Loaded first so a missing build stops the start before anything opens.
  const site = loadSiteBuild({
    siteDir: config.siteDir,
    publicUrl: config.publicUrl,
    appUrl: config.appUrl,
  });
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Request headers also reach the log inside other objects (the multipart parser's
            // options at trace): redacted wherever they sit, one level down.
            redact: [
              "req.headers.cookie",
              "req.headers.authorization",
              'res.headers["set-cookie"]',
              "*.headers.cookie",
              "*.headers.authorization",
            ],
            // The chat's URLs hold the visitor's address; the log shows them redacted.
            serializers: { req: serializeRequest },
            ...(typeof options.logger === "object" ? options.logger : {}),
          },
    // Each request's logger is made when something logs through it (log/request-logger.ts).
    ...(options.logger === false ? {} : { childLoggerFactory: requestLoggerFactory }),
    trustProxy: config.trustProxy,
    genReqId: requestIdFor(config.trustProxy !== false),
    // One line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({
      requestIdLogLabel: "requestId",
      disableRequestLogging: true,
    }),
    bodyLimit: 64 * 1024,
    // Answered below instead, after the security headers are set.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    // Case and trailing slashes are canonicalised with a 301 by the site plugin, not silently here.
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 },
    // Malformed URLs and content types are the client's fault: answer in the API's error shape,
    // with the security headers (no hook has run for these).
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400;
      if (isUpgradeRequest(request.raw)) endUpgradeSocketAfterAnswer(reply.raw);
      // The reply here is typed for a route-less context; its runtime API is the usual one.
      return (reply as unknown as FastifyReply)
        .code(status)
        .headers(headers)
        .send({ status, error: { code: "bad_request", message: error.message } });
    },
    // A request that is not even HTTP: Node's parser gave up before Fastify saw it.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable || (error as NodeJS.ErrnoException).code === "ECONNRESET") {
        socket.destroy();
        return;
      }
      socket.end(rawBadRequest(headers));
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database restarting or away: the state of a dependency, said as such (503, try again),
    // one warning line instead of a stack trace per request.
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { err: error, dependency: "database" },
        "request failed: database unavailable",
      );
      return reply
        .code(503)
        .header("Retry-After", "5")
        .send(
          apiError(
            503,
            "unavailable",
            "The database is unavailable for a moment. Please try again shortly.",
          ),
        );
    }
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

  // The hooks every request runs are synchronous: an async hook costs each request a promise and
  // a turn of the microtask queue, which the chat's HTTP fallback pays for every frame it POSTs.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("X-Request-Id", request.id);
    done();
  });
  // The request's one line: what was asked (URL redacted, see log/redaction.ts), the answer's
  // status and how long it took. A route's logLevel applies (the site's static files and the
  // metrics scrapes log only problems). An upgraded socket logs its own lines with the same id.
  app.addHook("onResponse", (request, reply, done) => {
    const level = reply.statusCode >= 500 ? "error" : "info";
    const { values } = pino.levels;
    if ((values[level] ?? 0) < (values[request.log.level] ?? 0)) {
      done();
      return;
    }
    const line = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    request.log[level](line, "request answered");
    done();
  });
  await app.register(securityHeaders, { publicUrl: config.publicUrl });
  // An upgrade request (Connection: Upgrade) arrives through the server's 'upgrade' event, on a
  // socket Node no longer reads as HTTP. Unless a socket route takes it over (hijacking the reply,
  // so this never fires), its answer is the last thing that socket carries: close it, or it stays
  // open for good, and holds up the server's shutdown.
  app.addHook("onRequest", (request, reply, done) => {
    if (isUpgradeRequest(request.raw)) endUpgradeSocketAfterAnswer(reply.raw);
    done();
  });
  // While shutting down, a request on a kept-alive connection is told to go elsewhere.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  // From SIGTERM (server.ts calls drain) until the process exits, /readyz answers 503, so a
  // balancer's health checks take the instance out before it stops accepting.
  let draining = false;
  app.decorate("drain", () => {
    draining = true;
  });
  const states = createStateChanges(app.log);
  app.addHook("onRequest", (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    // Answered here: the request goes no further (a hook that sends does not call done).
    reply
      .code(503)
      .header("Connection", "close")
      .header("Retry-After", "5")
      .send(apiError(503, "unavailable", "The server is restarting. Please try again."));
  });
  await app.register(cookie);
  await app.register(dbPlugin, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
    retry: options.databaseRetry,
  });
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    queueMaxAgeMs: options.metricsQueueMaxAgeMs,
    dataDir: config.dataDir,
    onDatabase: (reachable, err) => states.report("database", reachable, err),
  });
  await app.register(clientIpHash);
  await app.register(chatBroker, {
    transport: options.brokerTransport,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    presence: options.presence,
  });
  // hourline_redis_connected exists only where Redis is meant to be (REDIS_URL set).
  if (config.redisUrl) app.metrics.setRedisProbe(() => app.chatBroker.healthy());
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
  await app.register(housekeeping, {
    retentionDays: config.retentionDays,
    dataDir: config.dataDir,
    ...options.housekeeping,
  });
  await app.register(healthRoutes, { stopping: () => draining || closing, states });
  await app.register(apiRoutes, {
    prefix: "/api",
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    retentionDays: config.retentionDays,
    contactUs: { ...options.contactUs, pages: contactFormPages(site) },
  });
  await app.register(chatSockets, { publicUrl: config.publicUrl, ...options.sockets });
  await app.register(chatResume, { publicUrl: config.publicUrl });
  await app.register(chatRatingPage);
  await app.register(sitePlugin, {
    site,
    appUrl: config.appUrl,
    reservedPrefixes: ["/api", "/ws"],
  });
  return app;
}
