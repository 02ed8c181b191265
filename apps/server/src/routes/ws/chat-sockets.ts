/**
 * The chat's WebSockets, as transport: /ws/support/{email}/ for visitors and /ws/agent/ for agents.
 * The upgrade is refused (401/403) without an allowed Origin and a session for that e-mail; after
 * it, every frame is parsed by the contract's schemas (socket-connection.ts), frames over 64 KB
 * close the socket and floods are refused per connection. The visitor sockets per session and per
 * client are counted in the broker's presence sets, so the limits hold across instances. The
 * sockets open here, what the broker delivers to them and the heartbeat are the registry's
 * (socket-registry.ts); what a frame does, and who is present, are the chat services'
 * (clientFrames, chatPresence).
 */
import websocket from "@fastify/websocket";
import { apiError } from "@hourline/contracts/api-error";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { chatLimits } from "@hourline/contracts/chat-message";
import { normalizeEmail } from "@hourline/contracts/email-address";
import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isAllowedUpgradeOrigin, originOf } from "../../auth/origin-check";
import { TokenBucket } from "../../chat/token-bucket";
import type { VisitorSession } from "../../plugins/visitor-sessions";
import {
  AgentConnection,
  VisitorConnection,
  refuseWhenVisitorConnectionsFull,
  type ChatSocketContext,
} from "./chat-connections";
import {
  closeCodes,
  credentialsOf,
  listen,
  refuseUpgrade,
  socketFailed,
  upgradeRequired,
  type ChatSocket,
  type ConnectionInit,
} from "./socket-connection";
import eventStreams from "./event-streams";
import { HEARTBEAT_SLICES, createSocketRegistry } from "./socket-registry";

export { closeCodes };

export interface ChatSocketOptions {
  publicUrl: string;
  /** Ping interval; a peer that has not answered the previous ping is dropped. */
  heartbeatMs?: number | undefined;
  /** Frames a socket may send at once, and refilled per second. */
  rate?: { burst: number; perSecond: number } | undefined;
  /** Open visitor sockets per chat session (tabs of one browser) and per client address. */
  visitorSocketLimits?: { perSession: number; perClient: number } | undefined;
}

export const defaultSocketTiming = { heartbeatMs: 30_000, rate: { burst: 20, perSecond: 4 } };

/**
 * Ten tabs of one browser is more than anyone uses; forty per address leaves room for an office
 * behind one NAT while keeping one client from holding thousands of sockets.
 */
export const defaultVisitorSocketLimits = { perSession: 10, perClient: 40 };

/** Upgrades per session: twice the tabs a session may hold at once, then one per 2 s. */
export const upgradeLimits = { burst: 20, perSecond: 0.5 };

const chatSockets: FastifyPluginAsync<ChatSocketOptions> = async (app, options) => {
  const allowedOrigin = originOf(options.publicUrl);
  const heartbeatMs = options.heartbeatMs ?? defaultSocketTiming.heartbeatMs;
  const socketLimits = options.visitorSocketLimits ?? defaultVisitorSocketLimits;
  const rate = options.rate ?? defaultSocketTiming.rate;
  const broker = app.chatBroker;
  await app.register(websocket, {
    options: { maxPayload: chatLimits.frameBytes, perMessageDeflate: false },
    preClose(this: FastifyInstance, done) {
      for (const client of this.websocketServer.clients) {
        client.close(closeCodes.goingAway, "Server restarting");
      }
      this.websocketServer.close();
      done();
    },
    // The plugin's default logs every socket error at level error; ours tells the peer's
    // mistakes from our own failures.
    errorHandler(error, socket, request) {
      socketFailed(error, socket, request.log, request.id);
    },
  });

  const registry = await createSocketRegistry(app, { heartbeatMs });
  app.addHook("onClose", async () => registry.stop());
  const context: ChatSocketContext = {
    app,
    log: app.log,
    registry,
    visitorSocketLimits: socketLimits,
    refused: () => app.metrics.refused("socket_frames"),
  };
  let sequence = 0;
  // Open visitor sockets per client address are counted in the broker's presence sets, so the
  // limit holds across every instance (the key holds the address's hash).
  const clientSocketsKey = (ip: string) => `socket-client:${app.hashIp(ip)}`;

  /**
   * What every connection record starts from. The upgrade's response was assigned the upgraded TCP
   * socket, which keeps it (and through it the request) alive for as long as the socket; ws has
   * written the 101 itself, so the response has nothing left to do and is let go.
   */
  function connectionInit(
    socket: ChatSocket,
    request: FastifyRequest,
    upgradeResponse?: ServerResponse,
  ): ConnectionInit & { context: ChatSocketContext } {
    if (upgradeResponse?.socket) upgradeResponse.detachSocket(upgradeResponse.socket);
    sequence += 1;
    return {
      socket,
      member: `${app.instanceId}:${sequence}`,
      slice: sequence % HEARTBEAT_SLICES,
      bucket: new TokenBucket(rate.burst, rate.perSecond),
      context,
      reqId: request.id,
      credentials: credentialsOf(request),
    };
  }

  /**
   * Upgrades per session on this instance: a burst of 20 (all its tabs reconnecting at once after
   * a network drop, twice), then one per 2 s. A client reconnecting in a loop (300 in 0.4 s) no longer makes
   * every console hear 600 presence changes. The oldest session's count goes first past 10,000.
   */
  const upgradeBuckets = new Map<string, TokenBucket>();
  function upgradeAllowed(key: string): boolean {
    let bucket = upgradeBuckets.get(key);
    if (!bucket) {
      if (upgradeBuckets.size >= 10_000) {
        const [oldest] = upgradeBuckets.keys();
        if (oldest !== undefined) upgradeBuckets.delete(oldest);
      }
      bucket = new TokenBucket(upgradeLimits.burst, upgradeLimits.perSecond);
      upgradeBuckets.set(key, bucket);
    }
    return bucket.take();
  }
  const tooManyUpgrades = (reply: FastifyReply) =>
    reply
      .code(429)
      .header("Retry-After", "2")
      .send(apiError(429, "rate_limited", "Reconnecting too often. Please wait a moment."));

  // ---------------------------------------------------------------------------------------------
  // Visitors

  const visitorSessionOf = new WeakMap<
    FastifyRequest,
    { session: VisitorSession; response: ServerResponse }
  >();

  app.get<{ Params: { email: string } }>(
    "/ws/support/:email/",
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!isAllowedUpgradeOrigin(request, allowedOrigin)) {
          return refuseUpgrade(reply, 403, "Origin not allowed.");
        }
        const session = await app.visitorSessions.authenticate(request);
        if (!session) {
          return refuseUpgrade(reply, 401, "Please verify your e-mail address to chat.");
        }
        if (normalizeEmail(request.params.email) !== session.email) {
          return refuseUpgrade(reply, 403, "This chat belongs to another e-mail address.");
        }
        if (!upgradeAllowed(`visitor:${session.id}`)) {
          request.log.warn("visitor socket refused: reconnecting too often");
          return tooManyUpgrades(reply);
        }
        const full = await refuseWhenVisitorConnectionsFull(
          broker,
          { sessionId: session.id, clientKey: clientSocketsKey(request.ip) },
          socketLimits,
          request,
          reply,
        );
        if (full) return full;
        if (!request.ws) return upgradeRequired(reply);
        visitorSessionOf.set(request, { session, response: reply.raw });
      },
    },
    async (socket, request) => {
      const upgrade = visitorSessionOf.get(request);
      if (!upgrade) {
        socket.close(closeCodes.sessionEnded, "Session ended");
        return;
      }
      const conn = new VisitorConnection(
        connectionInit(socket, request, upgrade.response),
        upgrade.session,
        clientSocketsKey(request.ip),
      );
      app.metrics.socketOpened("visitor");
      // The upgrade's own request id, so its lines read together with the upgrade's.
      request.log.info({ side: "visitor", sessionId: conn.sessionId }, "chat socket opened");
      // Frames are read from the start and handled once the socket is set up.
      const ready = listen(conn, socket);
      if (await conn.start()) ready();
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Agents

  const agentSessionOf = new WeakMap<
    FastifyRequest,
    { session: { sessionId: number; agent: AgentProfile }; response: ServerResponse }
  >();

  app.get(
    "/ws/agent/",
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!isAllowedUpgradeOrigin(request, allowedOrigin)) {
          return refuseUpgrade(reply, 403, "Origin not allowed.");
        }
        const session = await app.agentSessions.authenticate(request);
        if (!session) return refuseUpgrade(reply, 401, "Please sign in.");
        if (!upgradeAllowed(`agent:${session.sessionId}`)) {
          request.log.warn("agent socket refused: reconnecting too often");
          return tooManyUpgrades(reply);
        }
        if (!request.ws) return upgradeRequired(reply);
        agentSessionOf.set(request, { session, response: reply.raw });
      },
    },
    async (socket, request) => {
      const upgrade = agentSessionOf.get(request);
      if (!upgrade) {
        socket.close(closeCodes.sessionEnded, "Session ended");
        return;
      }
      const { session } = upgrade;
      const conn = new AgentConnection(
        connectionInit(socket, request, upgrade.response),
        session.agent,
        session.sessionId,
      );
      const ready = listen(conn, socket);
      app.metrics.socketOpened("agent");
      request.log.info(
        { side: "agent", agentId: conn.agent.id, sessionId: conn.sessionId },
        "chat socket opened",
      );
      await conn.start();
      ready();
    },
  );

  // ---------------------------------------------------------------------------------------------
  // The HTTP fallback (server-sent events down, POST up) for networks that refuse the upgrade

  await app.register(eventStreams, {
    allowedOrigin,
    rate,
    socketLimits,
    connectionInit,
    clientSocketsKey,
  });
};

export default chatSockets;
