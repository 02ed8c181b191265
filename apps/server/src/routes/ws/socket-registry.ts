/**
 * This instance's chat sockets: the agents' and, per visitor, the visitor's tabs. The registry
 * subscribes to the broker's channels and writes what they deliver to the sockets it holds (a
 * visitor's channel only while one of their tabs is open here), closes the sockets of a session
 * that ended on any instance, tells every socket to catch up when events may have been missed (Redis
 * came back), and runs the heartbeat: pings that drop dead peers, and a periodic re-check of each
 * socket's session. It also times each delivery for the metrics.
 */
import type { FastifyInstance } from "fastify";
import type { Unsubscribe } from "../../chat/broker";
import { channels } from "../../chat/broker-channels";
import type { AgentConnection, VisitorConnection } from "./chat-connections";
import { closeCodes, send, sendToAll } from "./socket-connection";

/** The heartbeat visits a tenth of the sockets every tenth of its interval. */
export const HEARTBEAT_SLICES = 10;

/** Sessions are re-read from the database every this many beats (5 minutes by default). */
const SESSION_RECHECK_BEATS = 10;

export interface SocketRegistry {
  addAgent(conn: AgentConnection): void;
  removeAgent(conn: AgentConnection): void;
  /** Resolves once the visitor's channel is subscribed (at their first tab here). */
  addVisitor(conn: VisitorConnection): Promise<Unsubscribe>;
  removeVisitor(conn: VisitorConnection): void;
  /** Stops the heartbeat and every subscription. */
  stop(): void;
}

export async function createSocketRegistry(
  app: FastifyInstance,
  { heartbeatMs }: { heartbeatMs: number },
): Promise<SocketRegistry> {
  const broker = app.chatBroker;
  const metrics = app.metrics;
  const visitors = new Map<
    string,
    { sockets: Set<VisitorConnection>; unsubscribe: Promise<Unsubscribe> }
  >();
  const agents = new Set<AgentConnection>();

  function* visitorConnections(): Generator<VisitorConnection> {
    for (const entry of visitors.values()) yield* entry.sockets;
  }

  /**
   * A stored message's trip from its commit to this instance's sockets of the side it is for: a
   * visitor's message (receiver "null") to the agents, an agent's ("support") to the visitor. The
   * echoes to the sender's own side are not deliveries.
   */
  const observeDelivery = (to: "visitor" | "agent", frame: { message_type: string }) => {
    if (frame.message_type !== "message") return;
    const {
      created_at: createdAt,
      sender,
      receiver,
    } = frame as { created_at?: unknown; sender?: unknown; receiver?: unknown };
    const forThisSide = to === "agent" ? receiver === "null" : sender === "support";
    if (forThisSide && typeof createdAt === "number") {
      metrics.messageDelivered(to, (Date.now() - createdAt) / 1000);
    }
  };

  const unsubscribers = await Promise.all([
    broker.subscribe(channels.agents, (frame) => {
      sendToAll(agents, frame);
      if (agents.size > 0) observeDelivery("agent", frame);
    }),
    broker.subscribe(channels.presence, (frame) => {
      sendToAll(visitorConnections(), frame);
    }),
    // A new display name or role reaches the sockets that cache the agent's profile.
    broker.subscribe(channels.agentProfiles, (profile) => {
      for (const conn of agents) {
        if (conn.agent.id !== profile.id) continue;
        conn.agent = profile;
        // The console shows or hides the admin screens without a reload.
        send(conn.socket, { message_type: "profile", agent: profile });
      }
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

  // Redis came back after a break: events of other instances may have been missed meanwhile, so
  // every socket here is told to fetch what it lacks.
  const stopResync = broker.onResync(() => {
    sendToAll(agents, { message_type: "catch_up" });
    sendToAll(visitorConnections(), { message_type: "catch_up" });
  });

  async function stillAuthorized(conn: VisitorConnection | AgentConnection): Promise<boolean> {
    try {
      if (conn.kind === "visitor") {
        const session = await app.visitorSessions.authenticate(conn.credentials);
        return session?.email === conn.email;
      }
      const session = await app.agentSessions.authenticate(conn.credentials);
      return session?.sessionId === conn.sessionId;
    } catch {
      return true; // A database hiccup is not a reason to drop people.
    }
  }

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

  return {
    addAgent(conn) {
      agents.add(conn);
    },
    removeAgent(conn) {
      agents.delete(conn);
    },
    addVisitor(conn) {
      let entry = visitors.get(conn.email);
      if (!entry) {
        const sockets = new Set<VisitorConnection>();
        const unsubscribe = broker.subscribe(channels.visitor(conn.email), (frame) => {
          sendToAll(sockets, frame);
          if (sockets.size > 0) observeDelivery("visitor", frame);
        });
        entry = { sockets, unsubscribe };
        visitors.set(conn.email, entry);
      }
      entry.sockets.add(conn);
      return entry.unsubscribe;
    },
    removeVisitor(conn) {
      const entry = visitors.get(conn.email);
      if (!entry) return;
      entry.sockets.delete(conn);
      if (entry.sockets.size === 0) {
        visitors.delete(conn.email);
        void entry.unsubscribe.then((stop) => stop());
      }
    },
    stop() {
      clearInterval(heartbeat);
      stopResync();
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}
