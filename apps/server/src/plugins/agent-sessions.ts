/**
 * Agents' sign-in sessions: checks a pair of credentials, issues and reads the session cookie, ends
 * sessions and tells the agent's sockets at once, on any instance, through the chat broker (as it
 * does a new display name or role). Also creates the BOOTSTRAP agent at
 * start when there is no agent yet. Routes guard themselves with `requireAgent` (below); the
 * WebSocket upgrade calls `app.agentSessions.authenticate(request)` itself.
 */
import cookie from "@fastify/cookie";
import { apiError } from "@hourline/contracts/api-error";
import { normalizeEmail } from "@hourline/contracts/email-address";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { FastifyReply, FastifyRequest } from "fastify";
import { maskEmail } from "../log/redaction";
import fp from "fastify-plugin";
import { channels, type AgentSessionEndedEvent } from "../chat/broker-channels";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "../auth/passwords";
import {
  clearedCookieOptions,
  hashSessionToken,
  looksLikeSessionToken,
  sessionCookieName,
  sessionCookieOptions,
} from "../auth/session-tokens";
import {
  createAgentSession,
  deleteAgentSession,
  deleteAgentSessionsOf,
  deleteOtherAgentSessions,
  findValidAgentSession,
  touchAgentSession,
  agentSessionLifetime,
} from "../repositories/agent-sessions";
import {
  attemptKey,
  clearAttempts,
  countAttempt,
  type AttemptWindow,
} from "../repositories/attempt-counters";
import {
  AgentEmailTakenError,
  countAgents,
  createAgent,
  findAgentByEmail,
  setAgentPassword,
  toAgentProfile,
  type Agent,
} from "../repositories/agents";

export interface AuthenticatedAgent {
  sessionId: number;
  agent: AgentProfile;
}

export type { AgentSessionEndedEvent };

/**
 * Why a password was not checked: too many attempts from this client, or too many failures for
 * this address. Both count before the password is checked, so parallel requests cannot slip past.
 */
export type SignInRefusal = { ok: false; limited: "client" | "address"; retryAfterSeconds: number };

type PasswordCheck = { ok: true } | { ok: false; limited?: undefined } | SignInRefusal;

export type SignInResult =
  | { ok: true; agent: AgentProfile; sessionId: number; token: string; expiresAt: number }
  | { ok: false; limited?: undefined }
  | SignInRefusal;

/** Sign-in attempts per client (any outcome) and failures per e-mail address, per window. */
export interface SignInLimits {
  perClient: AttemptWindow;
  perAddress: AttemptWindow;
}

/**
 * Ten tries per client in 15 minutes stops one client; twenty failures per address stop many
 * clients guessing one agent's password. The price is that someone who knows an agent's address
 * can keep that agent out for one window, so that threshold is well above what a person mistyping
 * ever reaches. A successful sign-in clears the address's count.
 */
export const defaultSignInLimits: SignInLimits = {
  perClient: { max: 10, windowMs: 15 * 60_000 },
  perAddress: { max: 20, windowMs: 15 * 60_000 },
};

export interface AgentSessions {
  /** The session cookie's name: `__Host-hl_agent` on https, `hl_agent` otherwise. */
  readonly cookieName: string;
  /** The request's agent and session from its cookie, or null (none, unknown, expired, disabled). */
  authenticate(
    request: Pick<FastifyRequest, "cookies" | "headers">,
  ): Promise<AuthenticatedAgent | null>;
  /**
   * Checks the pair and opens a session. Every refusal looks the same to the caller whatever the
   * cause (unknown e-mail, wrong password, disabled agent) and takes the same time; `limited`
   * means the client or the address had too many tries and nothing was checked.
   */
  signIn(email: string, password: string, clientIp: string): Promise<SignInResult>;
  /** Ends one session (sign-out) and closes its sockets. False when it was already gone. */
  endSession(sessionId: number): Promise<boolean>;
  /**
   * Ends every session of the agent and closes their sockets (the agent was disabled, or an admin
   * set a new password).
   */
  endAllSessions(agentId: number): Promise<void>;
  /**
   * Checks the signed-in agent's own password (changing it needs the current one) exactly as
   * sign-in checks it: a wrong one counts as a failed sign-in for the address, so it guesses no
   * faster than the sign-in page, and a right one clears the address's failures.
   */
  checkOwnPassword(agent: AgentProfile, password: string): Promise<PasswordCheck>;
  /**
   * Sets a new password. With `keepSessionId` (the agent's own change) every other session ends;
   * without (an admin's reset) every session of the agent ends.
   */
  setPassword(agentId: number, password: string, keepSessionId?: number): Promise<void>;
  /** The agent's open sockets (on any instance) send with this name and role from now on. */
  profileChanged(profile: AgentProfile): Promise<void>;
  setSessionCookie(reply: FastifyReply, token: string, expiresAt: number): void;
  clearSessionCookie(reply: FastifyReply): void;
}

declare module "fastify" {
  interface FastifyInstance {
    agentSessions: AgentSessions;
  }
  interface FastifyRequest {
    /** Set by the requireAgent hook; null on routes without it. */
    agentSession: AuthenticatedAgent | null;
  }
}

export interface AgentSessionsOptions {
  publicUrl: string;
  bootstrapAgent?: { email: string; password: string } | undefined;
  /** Tests lower or raise the sign-in limits. */
  signInLimits?: Partial<SignInLimits> | undefined;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The name the BOOTSTRAP agent gets; visitors see it beside that agent's messages. */
export const bootstrapAgentName = "Support";

/**
 * A route hook (onRequest or preHandler) that lets only a signed-in agent through: anyone else gets
 * 401 in the API's envelope. On success `request.agentSession` holds the agent and the session id;
 * read it with `signedInAgent(request)`.
 */
export async function requireAgent(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const sessions = request.server.agentSessions;
  const auth = await sessions.authenticate(request);
  if (auth) {
    request.agentSession = auth;
    return undefined;
  }
  // A cookie that opens nothing (expired, signed out elsewhere) is removed from the browser.
  if (readCookie(request, sessions.cookieName) !== undefined) sessions.clearSessionCookie(reply);
  return reply.code(401).send(apiError(401, "unauthorized", "Please sign in."));
}

/** The agent requireAgent let through; throws when the route does not use requireAgent. */
export function signedInAgent(request: FastifyRequest): AuthenticatedAgent {
  if (!request.agentSession) throw new Error("signedInAgent: the route does not use requireAgent");
  return request.agentSession;
}

function readCookie(
  request: Pick<FastifyRequest, "cookies" | "headers">,
  name: string,
): string | undefined {
  if (request.cookies) return request.cookies[name];
  // Outside the scope of @fastify/cookie's hook: read the header directly.
  const header = request.headers.cookie;
  return header ? cookie.parse(header)[name] : undefined;
}

export default fp<AgentSessionsOptions>(
  async (app, options) => {
    const db = app.database.db;
    const cookieName = sessionCookieName("agent", options.publicUrl);
    const limits = { ...defaultSignInLimits, ...options.signInLimits };
    const emitEnded = (event: AgentSessionEndedEvent) =>
      app.chatBroker.publish(channels.agentSessions, event);

    /**
     * The one password check, for sign-in and for a password change. The client's attempt and the
     * address's possible failure are counted first, atomically; past either limit the password is
     * not checked. Otherwise the same single scrypt run whether or not the agent exists or is
     * disabled. A match clears the address's count and brings an outdated hash up to date.
     */
    const checkCredentials = async (
      rawEmail: string,
      password: string,
      clientIp: string | undefined,
    ): Promise<{ ok: true; agent: Agent } | { ok: false; limited?: undefined } | SignInRefusal> => {
      const email = normalizeEmail(rawEmail);
      if (clientIp !== undefined) {
        const byClient = await countAttempt(
          db,
          // The installation's HMAC of the client, as every stored per-client count uses: a bare
          // hash of an IPv4 address is undone by trying all of them.
          attemptKey("sign-in:client", app.hashIp(clientIp)),
          limits.perClient,
        );
        if (!byClient.allowed) {
          return { ok: false, limited: "client", retryAfterSeconds: seconds(byClient.resetsInMs) };
        }
      }
      const addressKey = attemptKey("sign-in:address", email);
      const byAddress = await countAttempt(db, addressKey, limits.perAddress);
      if (!byAddress.allowed) {
        return { ok: false, limited: "address", retryAfterSeconds: seconds(byAddress.resetsInMs) };
      }

      const agent = await findAgentByEmail(db, email);
      const matches = agent
        ? await verifyPassword(password, agent.passwordHash)
        : await verifyAgainstDummy(password);
      // The address's count already holds this attempt: a failure simply stays counted.
      if (!agent || !matches || agent.disabled) return { ok: false };
      await clearAttempts(db, addressKey);
      if (needsRehash(agent.passwordHash)) {
        await setAgentPassword(db, agent.id, await hashPassword(password));
      }
      return { ok: true, agent };
    };

    const sessions: AgentSessions = {
      cookieName,

      async authenticate(request) {
        const token = readCookie(request, cookieName);
        if (!looksLikeSessionToken(token)) return null;
        const now = Date.now();
        const found = await findValidAgentSession(db, hashSessionToken(token), now);
        if (!found) return null;
        if (now - found.session.lastSeenAt >= agentSessionLifetime.touchEveryMs) {
          await touchAgentSession(db, found.session.id, now);
        }
        return { sessionId: found.session.id, agent: toAgentProfile(found.agent) };
      },

      async signIn(email, password, clientIp) {
        const check = await checkCredentials(email, password, clientIp);
        if (!check.ok) return check;
        const { agent } = check;
        const session = await createAgentSession(db, agent.id);
        return {
          ok: true,
          agent: toAgentProfile(agent),
          sessionId: session.id,
          token: session.token,
          expiresAt: session.expiresAt,
        };
      },

      async endSession(sessionId) {
        const ended = await deleteAgentSession(db, sessionId);
        if (!ended) return false;
        await emitEnded({ sessionId, agentId: ended.agentId });
        return true;
      },

      async endAllSessions(agentId) {
        await deleteAgentSessionsOf(db, agentId);
        await emitEnded({ agentId });
      },

      async checkOwnPassword(agent, password) {
        // Signed in already: only the address's failures count, not the client's sign-ins.
        const check = await checkCredentials(agent.email, password, undefined);
        return check.ok ? { ok: true } : check;
      },

      async setPassword(agentId, password, keepSessionId) {
        await setAgentPassword(db, agentId, await hashPassword(password));
        if (keepSessionId === undefined) {
          await sessions.endAllSessions(agentId);
          return;
        }
        for (const sessionId of await deleteOtherAgentSessions(db, agentId, keepSessionId)) {
          await emitEnded({ sessionId, agentId });
        }
      },

      profileChanged(profile) {
        return app.chatBroker.publish(channels.agentProfiles, profile);
      },

      setSessionCookie(reply, token, expiresAt) {
        reply.setCookie(
          cookieName,
          token,
          sessionCookieOptions(options.publicUrl, expiresAt - Date.now()),
        );
      },

      clearSessionCookie(reply) {
        reply.setCookie(cookieName, "", clearedCookieOptions(options.publicUrl));
      },
    };

    app.decorate("agentSessions", sessions);
    app.decorateRequest("agentSession", null);

    if (options.bootstrapAgent) {
      const { email, password } = options.bootstrapAgent;
      if ((await countAgents(db)) === 0) {
        try {
          const agent = await createAgent(db, {
            email,
            name: bootstrapAgentName,
            role: "admin",
            passwordHash: await hashPassword(password),
          });
          app.log.info(
            { agentId: agent.id, email: maskEmail(agent.email) },
            "created the bootstrap agent from BOOTSTRAP_AGENT_EMAIL (role admin)",
          );
        } catch (err) {
          // Another instance starting at the same moment created it first.
          if (!(err instanceof AgentEmailTakenError)) throw err;
        }
      }
    }
  },
  { name: "agent-sessions", dependencies: ["db", "client-ip-hash", "chat-broker"] },
);
