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
}

export default fp<VisitorSessionOptions>(
  async (app, options) => {
    const db = app.database.db;
    const cookieName = sessionCookieName("visitor", options.publicUrl);
    const lifetimeMs = options.lifetimeMs ?? visitorSessionLifetime.absoluteMs;
    const idleMs = options.idleMs ?? visitorSessionLifetime.idleMs;

    function tokenOf(request: Pick<FastifyRequest, "cookies">): string | undefined {
      const token = request.cookies[cookieName];
      return looksLikeSessionToken(token) ? token : undefined;
    }

    const sessions: VisitorSessions = {
      async authenticate(request) {
        const token = tokenOf(request);
        if (!token) return null;
        const now = Date.now();
        const row = await findValidVisitorSession(db, hashSessionToken(token), { idleMs, now });
        if (!row) return null;
        if (now - row.lastSeenAt >= visitorSessionLifetime.touchEveryMs) {
          await touchVisitorSession(db, row.id, now);
        }
        return { id: row.id, email: row.email };
      },

      async start(request, reply, email) {
        const token = newSessionToken();
        const previous = tokenOf(request);
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
        await deleteVisitorSession(db, sessionId);
        await app.chatBroker.publish(channels.visitorSessions, { sessionId });
      },
    };

    app.decorate("visitorSessions", sessions);
  },
  { name: "visitor-sessions", dependencies: ["db", "chat-broker"] },
);
