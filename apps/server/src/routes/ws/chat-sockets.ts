/**
 * The chat's WebSockets: /ws/support/{email}/ for visitors and /ws/agent/ for agents.
 * The upgrade is refused (401/403) without an allowed Origin and a session for that e-mail; after
 * it, every frame is parsed by the contract's schemas, frames over 64 KB close the socket, floods
 * are refused per connection, and heartbeat pings drop dead peers. Frames from one socket are
 * handled in order; everything fans out through the broker, so any instance can deliver it.
 */
import websocket from "@fastify/websocket";
import { agentFrameSchema, visitorFrameSchema } from "@hourline/contracts/chat-frames";
import { chatLimits } from "@hourline/contracts/chat-message";
import { type AgentProfile } from "@hourline/contracts/agent-sign-in";
import {
  type ErrorFrame,
  type TypingFrame,
  type VisitorPresenceFrame,
  type AgentPresenceFrame,
} from "@hourline/contracts/chat-server-frames";
import { normalizeEmail } from "@hourline/contracts/email-address";
import { apiError, fieldErrors, type SchemaIssues } from "@hourline/contracts/api-error";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import { clientKey } from "../../auth/client-address";
import { isAllowedUpgradeOrigin, originOf } from "../../auth/origin-check";
import { channels, presenceKeys, type Unsubscribe } from "../../chat/broker";
import { ChatRuleError } from "../../chat/support-chat";
import { TokenBucket } from "../../chat/token-bucket";
import type { VisitorSession } from "../../plugins/visitor-sessions";

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

/** What onFrames needs of a contract schema. */
interface FrameSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: SchemaIssues };
}

/**
 * Close codes: 1001 server going away, 1008 policy (flood, too many sockets), 4401 session ended.
 */
export const closeCodes = { goingAway: 1001, policy: 1008, sessionEnded: 4401 } as const;

/** The heartbeat visits a tenth of the sockets every tenth of its interval. */
const HEARTBEAT_SLICES = 10;

/** Sessions are re-read from the database every this many beats (5 minutes by default). */
const SESSION_RECHECK_BEATS = 10;

/** Dropped frames after which a flooding socket is closed. */
const MAX_DROPPED = 40;

interface Connection {
  socket: WebSocket;
  member: string;
  /** Which slice of the heartbeat checks this socket, and how many beats it has had. */
  slice: number;
  beats: number;
  alive: boolean;
  bucket: TokenBucket;
  dropped: number;
  lastRateNotice: number;
  queue: Promise<void>;
  request: FastifyRequest;
}

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

/** How many sockets are open per key; a key at zero is forgotten. */
class SocketCounts {
  private readonly counts = new Map<string, number>();

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Counts one more socket under `key` unless `max` are open already. */
  take(key: string, max: number): boolean {
    const n = this.count(key);
    if (n >= max) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = this.count(key) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }
}

function send(socket: WebSocket, frame: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function errorFrame(
  code: ErrorFrame["code"],
  message: string,
  clientId?: string | undefined,
): ErrorFrame {
  return { message_type: "error", code, message, ...(clientId ? { client_id: clientId } : {}) };
}

function clientIdOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const id = (value as { client_id?: unknown }).client_id;
  return typeof id === "string" && id.length <= chatLimits.clientId ? id : undefined;
}

function parseFrame(
  data: RawData,
  isBinary: boolean,
): { ok: true; value: unknown } | { ok: false } {
  if (isBinary) return { ok: false };
  try {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString("utf8")
      : Buffer.from(data as ArrayBuffer).toString("utf8");
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const chatSockets: FastifyPluginAsync<ChatSocketOptions> = async (app, options) => {
  const allowedOrigin = originOf(options.publicUrl);
  const heartbeatMs = options.heartbeatMs ?? defaultSocketTiming.heartbeatMs;
  const socketLimits = options.visitorSocketLimits ?? defaultVisitorSocketLimits;
  const rate = options.rate ?? defaultSocketTiming.rate;
  const broker = app.chatBroker;
  const chat = app.supportChat;

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

  const unsubscribers = await Promise.all([
    broker.subscribe(channels.agents, (frame) => {
      for (const conn of agents) send(conn.socket, frame);
    }),
    broker.subscribe(channels.presence, (frame) => {
      for (const entry of visitors.values()) {
        for (const conn of entry.sockets) send(conn.socket, frame);
      }
    }),
    // A new display name or role reaches the sockets that cache the agent's profile.
    broker.subscribe(channels.agentProfiles, (event) => {
      const profile = event as AgentProfile;
      for (const conn of agents) if (conn.agent.id === profile.id) conn.agent = profile;
    }),
    // A visitor ended their chat: that browser's session ended with it, on every tab.
    broker.subscribe(channels.visitorSessions, (event) => {
      const { sessionId } = event as { sessionId: number };
      for (const entry of visitors.values()) {
        for (const conn of entry.sockets) {
          if (conn.sessionId === sessionId) {
            conn.socket.close(closeCodes.sessionEnded, "Chat ended");
          }
        }
      }
    }),
    broker.subscribe(channels.agentSessions, (event) => {
      const { sessionId, agentId } = event as { sessionId?: number; agentId: number };
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
  // Sign-out and disabling reach every instance's sockets through the broker.
  const stopSessionEvents = app.agentSessions.onSessionEnded((event) => {
    void broker.publish(channels.agentSessions, event);
  });

  /**
   * Counts one socket in or out under a presence key, on any instance, and tells the agents when
   * the first socket came (online) or the last one went (offline).
   */
  async function trackPresence(
    key: string,
    member: string,
    present: boolean,
    frame: (online: boolean) => VisitorPresenceFrame | AgentPresenceFrame,
  ) {
    const count = await broker.setPresent(key, member, present);
    if ((present && count === 1) || (!present && count === 0)) {
      await broker.publish(channels.agents, frame(present));
    }
  }

  /** A visitor's first tab connected or last tab closed. */
  const visitorPresence = (email: string, member: string, present: boolean) =>
    trackPresence(presenceKeys.visitor(email), member, present, (online) => ({
      message_type: "visitor_presence",
      visitor_email: email,
      online,
    }));

  /** An agent's first console connected or last one closed (the agents screen shows it). */
  const agentPresence = (agentId: number, member: string, present: boolean) =>
    trackPresence(presenceKeys.agent(agentId), member, present, (online) => ({
      message_type: "agent_presence",
      agent_id: agentId,
      online,
    }));

  // Heartbeat, and a re-check of every session (expired, signed out on another instance). The
  // sockets are split into slices checked one after another across the interval, so thousands of
  // sockets never ping and query all in the same tick (which showed as latency spikes).
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slice = tick++ % HEARTBEAT_SLICES;
    const due: (VisitorConnection | AgentConnection)[] = [];
    for (const conn of agents) if (conn.slice === slice) due.push(conn);
    for (const entry of visitors.values()) {
      for (const conn of entry.sockets) if (conn.slice === slice) due.push(conn);
    }
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
    stopSessionEvents();
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

  /** Takes one frame from the socket's budget; a flood gets one notice a second, then a close. */
  function admit(conn: Connection, clientId: string | undefined): boolean {
    if (conn.bucket.take()) return true;
    conn.dropped += 1;
    if (conn.dropped > MAX_DROPPED) {
      conn.socket.close(closeCodes.policy, "Too many messages");
      return false;
    }
    const now = Date.now();
    if (clientId || now - conn.lastRateNotice > 1000) {
      conn.lastRateNotice = now;
      send(
        conn.socket,
        errorFrame(
          "rate_limited",
          "You are sending messages too fast. Please wait a moment.",
          clientId,
        ),
      );
    }
    return false;
  }

  /**
   * Handles the socket's frames in order, each parsed by `schema` (a frame that fails gets a
   * bad_frame error naming its client_id). Listening starts at once, so nothing sent during the
   * set-up is lost; frames wait until the returned function is called.
   */
  function onFrames<T>(
    conn: Connection,
    schema: FrameSchema<T>,
    handle: (frame: T) => Promise<void>,
  ): () => void {
    let ready!: () => void;
    conn.queue = new Promise<void>((resolve) => (ready = resolve));
    conn.socket.on("message", (data, isBinary) => {
      const parsed = parseFrame(data, isBinary);
      if (!parsed.ok) {
        if (admit(conn, undefined)) {
          send(conn.socket, errorFrame("bad_frame", "Frames are JSON text."));
        }
        return;
      }
      const clientId = clientIdOf(parsed.value);
      if (!admit(conn, clientId)) return;
      conn.queue = conn.queue
        .then(() => {
          const result = schema.safeParse(parsed.value);
          if (!result.success) {
            const message = Object.values(fieldErrors(result.error))[0];
            throw new ChatRuleError("bad_frame", message ?? "That frame is not understood.");
          }
          return handle(result.data);
        })
        .catch((err: unknown) => {
          if (err instanceof ChatRuleError) {
            send(conn.socket, errorFrame(err.code, err.message, clientId));
            return;
          }
          conn.request.log.error({ err }, "chat frame failed");
          send(
            conn.socket,
            errorFrame(
              "internal",
              "Your message could not be saved. It will be sent again.",
              clientId,
            ),
          );
        });
    });
    return ready;
  }

  /** An upgrade refused before it happens, as an HTTP answer in the API's error shape. */
  function refuse(reply: FastifyReply, status: 401 | 403, message: string) {
    return reply
      .code(status)
      .send(apiError(status, status === 401 ? "unauthorized" : "forbidden", message));
  }

  /**
   * A socket's address asked over plain HTTP (no Upgrade header) by someone who may connect: told
   * what the address is for, in the API's error shape (the plugin's own answer is an empty 404).
   */
  function upgradeRequired(reply: FastifyReply) {
    return reply
      .code(426)
      .header("Upgrade", "websocket")
      .send(apiError(426, "bad_request", "This address takes WebSocket connections only."));
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
          return refuse(reply, 403, "Origin not allowed.");
        }
        const session = await app.visitorSessions.authenticate(request);
        if (!session) return refuse(reply, 401, "Please verify your e-mail address to chat.");
        if (normalizeEmail(request.params.email) !== session.email) {
          return refuse(reply, 403, "This chat belongs to another e-mail address.");
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
      const ready = onFrames(conn, visitorFrameSchema, async (frame) => {
        if (frame.message_type === "chat_end") {
          if (
            frame.target_email !== undefined &&
            normalizeEmail(frame.target_email) !== session.email
          ) {
            throw new ChatRuleError("forbidden", "You can only end your own chat.");
          }
          const ended = await chat.endByVisitor(session.email);
          if (!ended) throw new ChatRuleError("chat_ended", "This chat has already ended.");
          // Ending the chat ends this browser's chat session too: on a shared computer the next
          // person must prove their own address.
          await app.visitorSessions.end(session.id);
          await broker.publish(channels.visitorSessions, { sessionId: session.id });
          return;
        }
        if (frame.message_type === "typing") {
          const conversation = await chat.openConversation(session.email);
          if (!conversation) return;
          const typing: TypingFrame = {
            message_type: "typing",
            conversation_id: conversation.id,
            typing: frame.typing,
            from: "visitor",
          };
          await broker.publish(channels.agents, typing);
          return;
        }
        const ack = await chat.postFromVisitor(session.email, {
          html: frame.message,
          msgType: frame.msg_type,
          clientId: frame.client_id,
        });
        send(socket, ack);
      });
      let entry = visitors.get(session.email);
      if (!entry) {
        const sockets = new Set<VisitorConnection>();
        const unsubscribe = broker.subscribe(channels.visitor(session.email), (frame) => {
          for (const c of sockets) send(c.socket, frame);
        });
        entry = { sockets, unsubscribe };
        visitors.set(session.email, entry);
      }
      entry.sockets.add(conn);
      const subscribed = entry.unsubscribe;
      // Presence is set before frames are handled and cleared only after it was set.
      const setUp = (async () => {
        await subscribed;
        await visitorPresence(session.email, conn.member, true);
        send(socket, { message_type: "presence", agents_online: await chat.agentsOnline() });
      })();
      socket.on("close", () => {
        perSession.release(sessionKey);
        perClient.release(conn.clientKey);
        const current = visitors.get(session.email);
        if (current) {
          current.sockets.delete(conn);
          if (current.sockets.size === 0) {
            visitors.delete(session.email);
            void current.unsubscribe.then((stop) => stop());
          }
        }
        void setUp
          .catch(() => undefined)
          .then(() => visitorPresence(session.email, conn.member, false))
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
          return refuse(reply, 403, "Origin not allowed.");
        }
        const session = await app.agentSessions.authenticate(request);
        if (!session) return refuse(reply, 401, "Please sign in.");
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
      const ready = onFrames(conn, agentFrameSchema, async (frame) => {
        if (frame.message_type === "chat_end") {
          await chat.endByAgent(frame.conversation_id);
          return;
        }
        if (frame.message_type === "typing") {
          const conversation = await chat.conversation(frame.conversation_id);
          if (!conversation || conversation.state !== "open") return;
          const typing: TypingFrame = {
            message_type: "typing",
            conversation_id: conversation.id,
            typing: frame.typing,
            from: "agent",
          };
          await broker.publish(channels.visitor(conversation.visitor_email), typing);
          // The other agents see who is typing; the visitor sees "Support is typing".
          await broker.publish(channels.agents, {
            ...typing,
            agent_id: conn.agent.id,
            agent_name: conn.agent.name,
          });
          return;
        }
        const ack = await chat.postFromAgent(conn.agent, {
          conversationId: frame.conversation_id,
          html: frame.message,
          msgType: frame.msg_type,
          clientId: frame.client_id,
        });
        send(socket, ack);
      });
      agents.add(conn);
      const setUp = (async () => {
        await broker.setPresent(presenceKeys.agents, conn.member, true);
        await agentPresence(conn.agent.id, conn.member, true);
        await chat.announcePresence();
      })();
      socket.on("close", () => {
        agents.delete(conn);
        void setUp
          .catch(() => undefined)
          .then(() => broker.setPresent(presenceKeys.agents, conn.member, false))
          .then(() => agentPresence(conn.agent.id, conn.member, false))
          .then(() => chat.announcePresence())
          .catch(() => undefined);
      });
      await setUp;
      ready();
    },
  );
};

export default chatSockets;
