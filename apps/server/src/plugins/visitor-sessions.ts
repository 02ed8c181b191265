/**
 * Visitor chat sessions: proof that this browser received a one-time code at an e-mail address.
 * `verify_otp` starts one (an HttpOnly cookie holding 256 random bits; the database keeps only its
 * hash); every visitor endpoint and the visitor socket authorize by it, never by an e-mail in a URL.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  hashSessionToken,
  looksLikeSessionToken,
  newSessionToken,
  sessionCookieName,
  sessionCookieOptions,
} from "../auth/session-tokens";

export interface VisitorSession {
  id: number;
  email: string;
}

export interface VisitorSessions {
  /** The session this request's cookie proves, or null (no cookie, unknown, or expired). */
  authenticate(request: FastifyRequest): Promise<VisitorSession | null>;
  /** Starts a session for `email`, replacing this browser's earlier one, and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, email: string): Promise<VisitorSession>;
}

declare module "fastify" {
  interface FastifyInstance {
    visitorSessions: VisitorSessions;
  }
}

export interface VisitorSessionOptions {
  publicUrl: string;
  /** How long a proven e-mail stays proven in this browser. */
  lifetimeMs?: number;
}

export const defaultVisitorSessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export default fp<VisitorSessionOptions>(
  async (app, options) => {
    const db = app.database.db;
    const cookieName = sessionCookieName("visitor", options.publicUrl);
    const lifetimeMs = options.lifetimeMs ?? defaultVisitorSessionLifetimeMs;

    function tokenOf(request: FastifyRequest): string | undefined {
      const token = request.cookies[cookieName];
      return looksLikeSessionToken(token) ? token : undefined;
    }

    const sessions: VisitorSessions = {
      async authenticate(request) {
        const token = tokenOf(request);
        if (!token) return null;
        const row = await db
          .selectFrom("visitor_sessions")
          .select(["id", "email", "expires_at"])
          .where("token_hash", "=", hashSessionToken(token))
          .executeTakeFirst();
        if (!row || row.expires_at <= Date.now()) return null;
        return { id: row.id, email: row.email };
      },

      async start(request, reply, email) {
        const now = Date.now();
        const token = newSessionToken();
        const previous = tokenOf(request);
        const id = await db.transaction().execute(async (trx) => {
          if (previous) {
            await trx
              .deleteFrom("visitor_sessions")
              .where("token_hash", "=", hashSessionToken(previous))
              .execute();
          }
          // Expired sessions are swept here rather than by a timer: sessions start rarely.
          await trx.deleteFrom("visitor_sessions").where("expires_at", "<=", now).execute();
          const row = await trx
            .insertInto("visitor_sessions")
            .values({
              token_hash: hashSessionToken(token),
              email,
              created_at: now,
              expires_at: now + lifetimeMs,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          return row.id;
        });
        reply.setCookie(cookieName, token, sessionCookieOptions(options.publicUrl, lifetimeMs));
        return { id, email };
      },
    };

    app.decorate("visitorSessions", sessions);
  },
  { name: "visitor-sessions", dependencies: ["db"] },
);
