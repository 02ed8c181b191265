/**
 * The chat's HTTP fallback, for networks whose proxies refuse the WebSocket upgrade: the same
 * frames as /ws/support/{email}/ and /ws/agent/, down as server-sent events and up as POSTs.
 *
 * - `GET /sse/support/{email}/` and `GET /sse/agent/`: a `text/event-stream` of the frames the
 *   socket would get. The stream is a connection like a socket (event-stream-socket.ts): it takes
 *   a place under the visitor's socket limits, joins the registry (so the broker's fan-out over
 *   Redis reaches it on whichever instance holds it), gets heartbeats and session re-checks, and
 *   is closed by a chat end or a sign-out like a socket (an `event: close` with the code).
 * - `POST` to the same address: one frame, parsed by the contract's schema and handled by the chat
 *   services as a socket frame is. The answer carries the frames a socket would have been sent in
 *   reply (`{status, frames: [ack | error]}`), so any instance can take it: the stream and the
 *   POSTs need not meet on one instance. A repeated `client_id` gets the same ack and no new row.
 *
 * Both check the session like the upgrade; a POST must carry our Origin (browsers send it on
 * every POST), a stream must not come from another site. POSTs are limited per session with the
 * socket's budget, shared across instances over Redis.
 */
import rateLimit from "@fastify/rate-limit";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { apiError } from "@hourline/contracts/api-error";
import { chatLimits } from "@hourline/contracts/chat-message";
import { agentFrameSchema, visitorFrameSchema } from "@hourline/contracts/chat-frames";
import type { AckFrame, ErrorFrame } from "@hourline/contracts/chat-server-frames";
import { normalizeEmail } from "@hourline/contracts/email-address";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isAllowedUpgradeOrigin, isCrossSiteRequest } from "../../auth/origin-check";
import { ChatRuleError } from "../../chat/chat-rule-error";
import type { VisitorSession } from "../../plugins/visitor-sessions";
import {
  AgentConnection,
  VisitorConnection,
  refuseWhenVisitorConnectionsFull,
  type ChatSocketContext,
} from "./chat-connections";
import { EventStreamSocket } from "./event-stream-socket";
import {
  clientIdOf,
  closeCodes,
  errorFrame,
  parseWith,
  type ChatSocket,
  type ConnectionInit,
} from "./socket-connection";

export interface EventStreamOptions {
  allowedOrigin: string;
  rate: { burst: number; perSecond: number };
  socketLimits: { perSession: number; perClient: number };
  connectionInit(
    socket: ChatSocket,
    request: FastifyRequest,
  ): ConnectionInit & { context: ChatSocketContext };
  clientSocketsKey(ip: string): string;
}

/** The window over which a session's POSTed frames are counted. */
const RATE_WINDOW_MS = 10_000;

type Side = { visitor: VisitorSession } | { agent: AgentProfile; sessionId: number };

const eventStreams: FastifyPluginAsync<EventStreamOptions> = async (app, options) => {
  const { allowedOrigin, socketLimits } = options;
  const broker = app.chatBroker;
  const open = new Set<EventStreamSocket>();
  // A stopping server ends every stream as it closes its sockets (1001): the clients come back
  // to another instance.
  app.addHook("preClose", async () => {
    for (const stream of open) stream.close(closeCodes.goingAway, "Server restarting");
  });

  /** Who a request is, once its checks passed (read by the handlers and the rate limit's key). */
  const sideOf = new WeakMap<FastifyRequest, Side>();

  // The socket's budget (a burst, then so many a second) as a window the instances share. A
  // frame within it is answered without the x-ratelimit-* headers (a socket frame has no such
  // thing, and three more headers on every message's answer are garbage the fallback pays for);
  // a refused one carries them and Retry-After.
  await app.register(rateLimit, {
    global: false,
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
    ...(app.redis
      ? { redis: app.redis, nameSpace: `${app.redisKeyPrefix}rate-limit:`, skipOnError: true }
      : {}),
  });
  const postLimit = {
    rateLimit: {
      hook: "preHandler" as const,
      max: Math.max(
        1,
        Math.round(options.rate.burst + options.rate.perSecond * (RATE_WINDOW_MS / 1000)),
      ),
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => {
        const side = sideOf.get(request);
        if (!side) return `frames-ip:${app.hashIp(request.ip)}`;
        return "visitor" in side
          ? `frames-visitor:${side.visitor.id}`
          : `frames-agent:${side.sessionId}`;
      },
      onExceeded: () => app.metrics.refused("socket_frames"),
      errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) =>
        new FramesRefused(
          Math.max(1, Math.ceil(context.ttl / 1000)),
          errorFrame(
            "rate_limited",
            "You are sending messages too fast. Please wait a moment.",
            clientIdOf(request.body),
          ),
        ),
    },
  };

  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof FramesRefused) {
      return reply
        .code(429)
        .header("Retry-After", String(error.retryAfterSeconds))
        .send({ ...apiError(429, "rate_limited", error.frame.message), frames: [error.frame] });
    }
    throw error;
  });

  const refuse = (reply: FastifyReply, status: 401 | 403, message: string) =>
    reply
      .code(status)
      .send(apiError(status, status === 401 ? "unauthorized" : "forbidden", message));

  /** The checks of the visitor's upgrade: Origin, the session, the address it is for. */
  async function visitorChecks(
    request: FastifyRequest<{ Params: { email: string } }>,
    reply: FastifyReply,
  ) {
    const originOk =
      request.method === "GET"
        ? !isCrossSiteRequest(request, allowedOrigin)
        : isAllowedUpgradeOrigin(request, allowedOrigin);
    if (!originOk) return refuse(reply, 403, "Origin not allowed.");
    // A stream proves its session afresh; the POSTs that follow it every second or so reuse a
    // proof this instance made lately (the session's end drops it on every instance).
    const session = await (request.method === "GET"
      ? app.visitorSessions.authenticate(request)
      : app.visitorSessions.authenticateRecent(request));
    if (!session) return refuse(reply, 401, "Please verify your e-mail address to chat.");
    if (normalizeEmail(request.params.email) !== session.email) {
      return refuse(reply, 403, "This chat belongs to another e-mail address.");
    }
    sideOf.set(request, { visitor: session });
    return undefined;
  }

  async function agentChecks(request: FastifyRequest, reply: FastifyReply) {
    const originOk =
      request.method === "GET"
        ? !isCrossSiteRequest(request, allowedOrigin)
        : isAllowedUpgradeOrigin(request, allowedOrigin);
    if (!originOk) return refuse(reply, 403, "Origin not allowed.");
    const session = await app.agentSessions.authenticate(request);
    if (!session) return refuse(reply, 401, "Please sign in.");
    sideOf.set(request, { agent: session.agent, sessionId: session.sessionId });
    return undefined;
  }

  /** Hands the response over to a stream and ties its end to the connection's. */
  function startStream(reply: FastifyReply): EventStreamSocket {
    reply.hijack();
    const stream = new EventStreamSocket(reply.raw);
    stream.open();
    open.add(stream);
    stream.once("close", () => open.delete(stream));
    return stream;
  }

  /** Runs one POSTed frame as a socket frame would run: the answer frames, or the error frame. */
  async function answerFrame(
    request: FastifyRequest,
    handle: () => Promise<AckFrame | undefined>,
  ): Promise<{ status: 200; frames: (AckFrame | ErrorFrame)[] }> {
    try {
      const answer = await handle();
      return { status: 200, frames: answer ? [answer] : [] };
    } catch (err) {
      const clientId = clientIdOf(request.body);
      if (err instanceof ChatRuleError) {
        return { status: 200, frames: [errorFrame(err.code, err.message, clientId)] };
      }
      request.log.error({ err }, "chat frame failed");
      return {
        status: 200,
        frames: [
          errorFrame(
            "internal",
            "Your message could not be saved. It will be sent again.",
            clientId,
          ),
        ],
      };
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Visitors

  app.get<{ Params: { email: string } }>(
    "/sse/support/:email/",
    {
      preValidation: async (request, reply) => {
        const refused = await visitorChecks(request, reply);
        if (refused) return refused;
        const side = sideOf.get(request);
        if (!side || !("visitor" in side)) return undefined;
        const full = await refuseWhenVisitorConnectionsFull(
          broker,
          { sessionId: side.visitor.id, clientKey: options.clientSocketsKey(request.ip) },
          socketLimits,
          request,
          reply,
        );
        if (full) return full;
        return undefined;
      },
    },
    async (request, reply) => {
      const side = sideOf.get(request);
      if (!side || !("visitor" in side)) return refuse(reply, 401, "Please sign in.");
      const stream = startStream(reply);
      const conn = new VisitorConnection(
        options.connectionInit(stream, request),
        side.visitor,
        options.clientSocketsKey(request.ip),
      );
      stream.on("close", (code: number) => conn.closed(code));
      stream.on("pong", () => {
        conn.alive = true;
      });
      app.metrics.socketOpened("visitor");
      request.log.info(
        { side: "visitor", sessionId: conn.sessionId, transport: "event-stream" },
        "chat socket opened",
      );
      await conn.start();
      return reply;
    },
  );

  app.post<{ Params: { email: string } }>(
    "/sse/support/:email/",
    { bodyLimit: chatLimits.frameBytes, preValidation: visitorChecks, config: postLimit },
    async (request) => {
      const side = sideOf.get(request);
      if (!side || !("visitor" in side)) throw new Error("visitor checks did not run");
      return answerFrame(request, () =>
        app.clientFrames.fromVisitor(side.visitor, parseWith(visitorFrameSchema, request.body)),
      );
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Agents

  app.get("/sse/agent/", { preValidation: agentChecks }, async (request, reply) => {
    const side = sideOf.get(request);
    if (!side || !("agent" in side)) return refuse(reply, 401, "Please sign in.");
    const stream = startStream(reply);
    const conn = new AgentConnection(
      options.connectionInit(stream, request),
      side.agent,
      side.sessionId,
    );
    stream.on("close", (code: number) => conn.closed(code));
    stream.on("pong", () => {
      conn.alive = true;
    });
    app.metrics.socketOpened("agent");
    request.log.info(
      {
        side: "agent",
        agentId: conn.agent.id,
        sessionId: conn.sessionId,
        transport: "event-stream",
      },
      "chat socket opened",
    );
    await conn.start();
    return reply;
  });

  app.post(
    "/sse/agent/",
    { bodyLimit: chatLimits.frameBytes, preValidation: agentChecks, config: postLimit },
    async (request) => {
      const side = sideOf.get(request);
      if (!side || !("agent" in side)) throw new Error("agent checks did not run");
      return answerFrame(request, () =>
        app.clientFrames.fromAgent(side.agent, parseWith(agentFrameSchema, request.body)),
      );
    },
  );
};

/** A POSTed frame over the session's budget: a 429 that carries the socket's error frame. */
class FramesRefused extends Error {
  readonly statusCode = 429;
  constructor(
    readonly retryAfterSeconds: number,
    readonly frame: ErrorFrame,
  ) {
    super(frame.message);
    this.name = "FramesRefused";
  }
}

export default eventStreams;
