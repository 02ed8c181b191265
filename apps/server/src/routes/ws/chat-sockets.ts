/**
 * The chat's WebSockets, as transport: /ws/support/{email}/ for visitors and /ws/agent/ for agents.
 * The upgrade is refused (401/403) without an allowed Origin and a session for that e-mail; after
 * it, every frame is parsed by the contract's schemas (socket-connection.ts), frames over 64 KB
 * close the socket, floods are refused per connection, and heartbeat pings drop dead peers. This
 * file keeps the registry of this instance's sockets and writes to them what the broker delivers;
 * what a frame does, and who is present, are the chat services' (clientFrames, chatPresence).
 */
import websocket from "@fastify/websocket";
import { apiError } from "@hourline/contracts/api-error";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { agentFrameSchema, visitorFrameSchema } from "@hourline/contracts/chat-frames";
import { chatLimits } from "@hourline/contracts/chat-message";
import { normalizeEmail } from "@hourline/contracts/email-address";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { clientKey } from "../../auth/client-address";
import { isAllowedUpgradeOrigin, originOf } from "../../auth/origin-check";
import type { Unsubscribe } from "../../chat/broker";
import { channels } from "../../chat/broker-channels";
import { TokenBucket } from "../../chat/token-bucket";
import type { VisitorSession } from "../../plugins/visitor-sessions";
import {
  closeCodes,
  onFrames,
  refuseUpgrade,
  send,
  SocketCounts,
  upgradeRequired,
  type Connection,
} from "./socket-connection";

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

/** The heartbeat visits a tenth of the sockets every tenth of its interval. */
const HEARTBEAT_SLICES = 10;

/** Sessions are re-read from the database every this many beats (5 minutes by default). */
const SESSION_RECHECK_BEATS = 10;

interface VisitorConnection extends Connection {
  kind: "visitor";
  email: string;
  sessionId: number;
  clientKey: string;
}

interface AgentConnection extends Connection {
  kind: "agent";
  agent: AgentProfile;
  sessionId: number;
}

const chatSockets: FastifyPluginAsync<ChatSocketOptions> = async (app, options) => {
  const allowedOrigin = originOf(options.publicUrl);
  const heartbeatMs = options.heartbeatMs ?? defaultSocketTiming.heartbeatMs;
  const socketLimits = options.visitorSocketLimits ?? defaultVisitorSocketLimits;
  const rate = options.rate ?? defaultSocketTiming.rate;
  const broker = app.chatBroker;
  const presence = app.chatPresence;
  const frames = app.clientFrames;

  await app.register(websocket, {
    options: { maxPayload: chatLimits.frameBytes, perMessageDeflate: false },
    preClose(this: FastifyInstance, done) {
      for (const client of this.websocketServer.clients) {
        client.close(closeCodes.goingAway, "Server restarting");
      }
      this.websocketServer.close();
      done();
    },
    // The plugin's default logs every socket error at level error. A frame over the limit, bad
    // UTF-8 or a broken frame is the peer's doing (ws names these WS_ERR_* and has already begun
    // closing with the matching code): that is worth a line, not an alert. Anything else is ours.
    errorHandler(error, socket, request) {
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === "string" && code.startsWith("WS_ERR_")) {
        request.log.info({ code, reason: error.message }, "chat socket closed: bad frame");
      } else {
        request.log.error({ err: error }, "chat socket failed");
      }
      socket.terminate();
    },
  });

  const visitors = new Map<
    string,
    { sockets: Set<VisitorConnection>; unsubscribe: Promise<Unsubscribe> }
  >();
  const agents = new Set<AgentConnection>();
  let sequence = 0;
  // Open visitor sockets on this instance, per chat session and per client address.
  const perSession = new SocketCounts();
  const perClient = new SocketCounts();

  function* visitorConnections(): Generator<VisitorConnection> {
    for (const entry of visitors.values()) yield* entry.sockets;
  }

  const unsubscribers = await Promise.all([
    broker.subscribe(channels.agents, (frame) => {
      for (const conn of agents) send(conn.socket, frame);
    }),
    broker.subscribe(channels.presence, (frame) => {
      for (const conn of visitorConnections()) send(conn.socket, frame);
    }),
    // A new display name or role reaches the sockets that cache the agent's profile.
    broker.subscribe(channels.agentProfiles, (profile) => {
      for (const conn of agents) if (conn.agent.id === profile.id) conn.agent = profile;
    }),
    // A visitor ended their chat: that browser's session ended with it, on every tab.
    broker.subscribe(channels.visitorSessions, ({ sessionId }) => {
      for (const conn of visitorConnections()) {
        if (conn.sessionId === sessionId) conn.socket.close(closeCodes.sessionEnded, "Chat ended");
      }
    }),
    // Sign-out, a password change or disabling: the agent's sockets close on every instance.
    broker.subscribe(channels.agentSessions, ({ sessionId, agentId }) => {
      for (const conn of agents) {
        if (
          conn.agent.id === agentId &&
          (sessionId === undefined || conn.sessionId === sessionId)
        ) {
          conn.socket.close(closeCodes.sessionEnded, "Signed out");
        }
      }
    }),
  ]);

  // Heartbeat, and a re-check of every session (expired, signed out on another instance). The
  // sockets are split into slices checked one after another across the interval, so thousands of
  // sockets never ping and query all in the same tick (which showed as latency spikes).
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slice = tick++ % HEARTBEAT_SLICES;
    const due: (VisitorConnection | AgentConnection)[] = [];
    for (const conn of agents) if (conn.slice === slice) due.push(conn);
    for (const conn of visitorConnections()) if (conn.slice === slice) due.push(conn);
    for (const conn of due) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      // Sign-out and disabling close sockets at once through the broker; this catches expiry.
      if (++conn.beats % SESSION_RECHECK_BEATS === 0) {
        void stillAuthorized(conn).then((ok) => {
          if (!ok) conn.socket.close(closeCodes.sessionEnded, "Session ended");
        });
      }
    }
  }, heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();
  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    for (const unsubscribe of unsubscribers) unsubscribe();
  });

  async function stillAuthorized(conn: VisitorConnection | AgentConnection): Promise<boolean> {
    try {
      if (conn.kind === "visitor") {
        const session = await app.visitorSessions.authenticate(conn.request);
        return session?.email === conn.email;
      }
      const session = await app.agentSessions.authenticate(conn.request);
      return session?.sessionId === conn.sessionId;
    } catch {
      return true; // A database hiccup is not a reason to drop people.
    }
  }

  /** The connection record; the pong handler marks this very object alive, so it is never copied. */
  function connection<T extends object>(
    socket: WebSocket,
    request: FastifyRequest,
    extra: T,
  ): Connection & T {
    const conn: Connection & T = {
      ...extra,
      socket,
      member: `${app.instanceId}:${++sequence}`,
      slice: sequence % HEARTBEAT_SLICES,
      beats: 0,
      alive: true,
      bucket: new TokenBucket(rate.burst, rate.perSecond),
      dropped: 0,
      lastRateNotice: 0,
      queue: Promise.resolve(),
      request,
    };
    socket.on("pong", () => {
      conn.alive = true;
    });
    return conn;
  }

  /** The visitor's tabs on this instance, subscribed to their channel while any is open. */
  function addVisitorSocket(conn: VisitorConnection): Promise<Unsubscribe> {
    let entry = visitors.get(conn.email);
    if (!entry) {
      const sockets = new Set<VisitorConnection>();
      const unsubscribe = broker.subscribe(channels.visitor(conn.email), (frame) => {
        for (const c of sockets) send(c.socket, frame);
      });
      entry = { sockets, unsubscribe };
      visitors.set(conn.email, entry);
    }
    entry.sockets.add(conn);
    return entry.unsubscribe;
  }

  function removeVisitorSocket(conn: VisitorConnection): void {
    const entry = visitors.get(conn.email);
    if (!entry) return;
    entry.sockets.delete(conn);
    if (entry.sockets.size === 0) {
      visitors.delete(conn.email);
      void entry.unsubscribe.then((stop) => stop());
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Visitors

  const visitorSessionOf = new WeakMap<FastifyRequest, VisitorSession>();

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
        if (
          perSession.count(String(session.id)) >= socketLimits.perSession ||
          perClient.count(clientKey(request.ip)) >= socketLimits.perClient
        ) {
          request.log.warn("visitor socket refused: too many open");
          return reply
            .code(429)
            .header("Retry-After", "30")
            .send(
              apiError(
                429,
                "rate_limited",
                "Too many chat windows are open. Please close one and try again.",
              ),
            );
        }
        if (!request.ws) return upgradeRequired(reply);
        visitorSessionOf.set(request, session);
      },
    },
    async (socket, request) => {
      const session = visitorSessionOf.get(request);
      if (!session) {
        socket.close(closeCodes.sessionEnded, "Session ended");
        return;
      }
      const conn: VisitorConnection = connection(socket, request, {
        kind: "visitor" as const,
        email: session.email,
        sessionId: session.id,
        clientKey: clientKey(request.ip),
      });
      // Counted here, in one synchronous step: two upgrades let through together cannot both
      // take the last place.
      const sessionKey = String(session.id);
      const tookSession = perSession.take(sessionKey, socketLimits.perSession);
      const tookClient = tookSession && perClient.take(conn.clientKey, socketLimits.perClient);
      if (!tookClient) {
        if (tookSession) perSession.release(sessionKey);
        socket.close(closeCodes.policy, "Too many chat windows");
        return;
      }
      const ready = onFrames(conn, visitorFrameSchema, (frame) =>
        frames.fromVisitor(session, frame),
      );
      const subscribed = addVisitorSocket(conn);
      // Presence is set before frames are handled and cleared only after it was set.
      const setUp = (async () => {
        await subscribed;
        await presence.visitorSocket(session.email, conn.member, true);
        send(socket, { message_type: "presence", agents_online: await presence.agentsOnline() });
      })();
      socket.on("close", () => {
        perSession.release(sessionKey);
        perClient.release(conn.clientKey);
        removeVisitorSocket(conn);
        void setUp
          .catch(() => undefined)
          .then(() => presence.visitorSocket(session.email, conn.member, false))
          .catch((err: unknown) => request.log.warn({ err }, "visitor presence not cleared"));
      });
      await setUp;
      ready();
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Agents

  const agentSessionOf = new WeakMap<FastifyRequest, { sessionId: number; agent: AgentProfile }>();

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
        if (!request.ws) return upgradeRequired(reply);
        agentSessionOf.set(request, session);
      },
    },
    async (socket, request) => {
      const session = agentSessionOf.get(request);
      if (!session) {
        socket.close(closeCodes.sessionEnded, "Session ended");
        return;
      }
      const conn: AgentConnection = connection(socket, request, {
        kind: "agent" as const,
        agent: session.agent,
        sessionId: session.sessionId,
      });
      // The profile is read at each frame: a new display name applies from the next one on.
      const ready = onFrames(conn, agentFrameSchema, (frame) =>
        frames.fromAgent(conn.agent, frame),
      );
      agents.add(conn);
      const setUp = presence.agentSocket(conn.agent.id, conn.member, true);
      socket.on("close", () => {
        agents.delete(conn);
        void setUp
          .catch(() => undefined)
          .then(() => presence.agentSocket(conn.agent.id, conn.member, false))
          .catch(() => undefined);
      });
      await setUp;
      ready();
    },
  );
};

export default chatSockets;
