/**
 * Visitor chat sessions: proof that this browser received a one-time code at an e-mail address.
 * `verify_otp` starts one (an HttpOnly cookie holding 256 random bits; the database keeps only its
 * hash); every visitor endpoint and the visitor socket authorize by it, never by an e-mail in a URL.
 * A session ends after a day without use, after 30 days at most, and when the visitor ends their
 * chat from that browser (on a shared computer the next person proves their own address).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { channels } from "../chat/broker-channels";
import {
  hashSessionToken,
  looksLikeSessionToken,
  newSessionToken,
  sessionCookieName,
  sessionCookieOptions,
} from "../auth/session-tokens";
import {
  deleteVisitorSession,
  findValidVisitorSession,
  replaceVisitorSession,
  touchVisitorSession,
  visitorSessionLifetime,
} from "../repositories/visitor-sessions";

export interface VisitorSession {
  id: number;
  email: string;
}

export interface VisitorSessions {
  /**
   * The session this request's cookie proves, or null (no cookie, unknown, expired or idle). Only
   * the cookies are read: a socket re-checks its session with the cookies it was opened with.
   */
  authenticate(request: Pick<FastifyRequest, "cookies">): Promise<VisitorSession | null>;
  /**
   * `authenticate` for the chat's POSTed frames (the HTTP fallback), which come one after another
   * from the same browser: a session this instance proved within the last `reuseMs` is taken
   * again without asking the database. That is no weaker than a socket, which proves its session
   * once and is closed by the session's end: the end (a visitor's, a block, an erasure) is
   * published to every instance, and drops the reuse here at once.
   */
  authenticateRecent(request: Pick<FastifyRequest, "cookies">): Promise<VisitorSession | null>;
  /** Starts a session for `email`, replacing this browser's earlier one, and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, email: string): Promise<VisitorSession>;
  /** Ends a session and closes its sockets, on every instance. */
  end(sessionId: number): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    visitorSessions: VisitorSessions;
  }
}

export interface VisitorSessionOptions {
  publicUrl: string;
  /** How long a proven e-mail stays proven in this browser at most. */
  lifetimeMs?: number;
  /** How long a session lasts without being used. */
  idleMs?: number;
  /** How long `authenticateRecent` takes a proven session again without asking the database. */
  reuseMs?: number;
}

/** The most sessions kept for reuse at once; past it the oldest proofs are dropped first. */
const REUSE_MAX_ENTRIES = 50_000;

export default fp<VisitorSessionOptions>(
  async (app, options) => {
    const db = app.database.db;
    const cookieName = sessionCookieName("visitor", options.publicUrl);
    const lifetimeMs = options.lifetimeMs ?? visitorSessionLifetime.absoluteMs;
    const idleMs = options.idleMs ?? visitorSessionLifetime.idleMs;
    const reuseMs = options.reuseMs ?? 10_000;
    /** Sessions proven lately, by their cookie's token, in the order they were proven. */
    const recent = new Map<string, { session: VisitorSession; until: number }>();
    /** Counts the session ends heard: a proof made while one was heard is not kept. */
    let endsHeard = 0;
    const forget = (sessionId: number) => {
      endsHeard += 1;
      for (const [token, entry] of recent) {
        if (entry.session.id === sessionId) recent.delete(token);
      }
    };
    const stopListening = await app.chatBroker.subscribe(
      channels.visitorSessions,
      ({ sessionId }) => forget(sessionId),
    );
    app.addHook("onClose", async () => stopListening());

    function tokenOf(request: Pick<FastifyRequest, "cookies">): string | undefined {
      const token = request.cookies[cookieName];
      return looksLikeSessionToken(token) ? token : undefined;
    }

    /** The session the request's cookie proves, from the database, and when it ends. */
    async function prove(
      request: Pick<FastifyRequest, "cookies">,
    ): Promise<{ session: VisitorSession; expiresAt: number } | null> {
      const token = tokenOf(request);
      if (!token) return null;
      const now = Date.now();
      const row = await findValidVisitorSession(db, hashSessionToken(token), { idleMs, now });
      if (!row) return null;
      if (now - row.lastSeenAt >= visitorSessionLifetime.touchEveryMs) {
        await touchVisitorSession(db, row.id, now);
      }
      return { session: { id: row.id, email: row.email }, expiresAt: row.expiresAt };
    }

    const sessions: VisitorSessions = {
      async authenticate(request) {
        const proof = await prove(request);
        return proof?.session ?? null;
      },

      async authenticateRecent(request) {
        const token = tokenOf(request);
        if (!token) return null;
        const now = Date.now();
        const entry = recent.get(token);
        if (entry && now < entry.until) return entry.session;
        const endsBefore = endsHeard;
        const proof = await prove(request);
        // Kept in proof order: a renewed proof moves to the end, the oldest go first.
        recent.delete(token);
        if (!proof) return null;
        // A session that ended while the database answered must not be kept as proven.
        if (endsHeard !== endsBefore) return proof.session;
        recent.set(token, {
          session: proof.session,
          until: Math.min(now + reuseMs, proof.expiresAt),
        });
        for (const [oldest, old] of recent) {
          if (recent.size <= REUSE_MAX_ENTRIES && now < old.until) break;
          recent.delete(oldest);
        }
        return proof.session;
      },

      async start(request, reply, email) {
        const token = newSessionToken();
        const previous = tokenOf(request);
        if (previous) recent.delete(previous);
        const id = await replaceVisitorSession(
          db,
          {
            tokenHash: hashSessionToken(token),
            email,
            previousTokenHash: previous ? hashSessionToken(previous) : undefined,
          },
          { lifetimeMs },
        );
        reply.setCookie(cookieName, token, sessionCookieOptions(options.publicUrl, lifetimeMs));
        return { id, email };
      },

      async end(sessionId) {
        forget(sessionId);
        await deleteVisitorSession(db, sessionId);
        await app.chatBroker.publish(channels.visitorSessions, { sessionId });
      },
    };

    app.decorate("visitorSessions", sessions);
  },
  { name: "visitor-sessions", dependencies: ["db", "chat-broker"] },
);
