/**
 * Agents' sign-in sessions (table agent_sessions). The table holds the SHA-256 of each token, never
 * the token. A session lasts 7 days from sign-in at most (expires_at) and ends sooner after 12 hours
 * without a request (last_seen_at, refreshed at most once a minute to spare the database).
 */
import type { Kysely } from "kysely";
import { hashSessionToken, newSessionToken } from "../auth/session-tokens";
import type { Database } from "../db/schema";
import type { Agent } from "./agents";

export const agentSessionLifetime = {
  idleMs: 12 * 60 * 60_000,
  absoluteMs: 7 * 24 * 60 * 60_000,
  touchEveryMs: 60_000,
} as const;

export interface NewAgentSession {
  id: number;
  /** The cookie's value: sent once, to the browser, and stored nowhere. */
  token: string;
  expiresAt: number;
}

export interface AgentSession {
  id: number;
  agentId: number;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
}

export interface ValidAgentSession {
  session: AgentSession;
  agent: Pick<Agent, "id" | "email" | "name" | "role">;
}

export async function createAgentSession(
  db: Kysely<Database>,
  agentId: number,
  now = Date.now(),
): Promise<NewAgentSession> {
  const token = newSessionToken();
  const expiresAt = now + agentSessionLifetime.absoluteMs;
  const row = await db
    .insertInto("agent_sessions")
    .values({
      token_hash: hashSessionToken(token),
      agent_id: agentId,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt };
}

/**
 * The session with this token hash, if it is neither past its absolute end nor idle too long, and its
 * agent is not disabled.
 */
export async function findValidAgentSession(
  db: Kysely<Database>,
  tokenHash: string,
  now = Date.now(),
): Promise<ValidAgentSession | undefined> {
  const row = await db
    .selectFrom("agent_sessions as s")
    .innerJoin("agents as a", "a.id", "s.agent_id")
    .select([
      "s.id as session_id",
      "s.agent_id",
      "s.created_at",
      "s.expires_at",
      "s.last_seen_at",
      "a.email",
      "a.name",
      "a.role",
    ])
    .where("s.token_hash", "=", tokenHash)
    .where("s.expires_at", ">", now)
    .where("s.last_seen_at", ">", now - agentSessionLifetime.idleMs)
    .where("a.disabled", "=", 0)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    session: {
      id: row.session_id,
      agentId: row.agent_id,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
    },
    agent: { id: row.agent_id, email: row.email, name: row.name, role: row.role },
  };
}

/**
 * Records activity, at most once per touchEveryMs: a busy console does not write on every request.
 * True when the row was written.
 */
export async function touchAgentSession(
  db: Kysely<Database>,
  sessionId: number,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable("agent_sessions")
    .set({ last_seen_at: now })
    .where("id", "=", sessionId)
    .where("last_seen_at", "<=", now - agentSessionLifetime.touchEveryMs)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The agent the session belonged to, or undefined when it was already gone. */
export async function deleteAgentSession(
  db: Kysely<Database>,
  sessionId: number,
): Promise<{ agentId: number } | undefined> {
  const row = await db
    .deleteFrom("agent_sessions")
    .where("id", "=", sessionId)
    .returning("agent_id")
    .executeTakeFirst();
  return row ? { agentId: row.agent_id } : undefined;
}

/** Signs the agent out everywhere; the number of sessions ended. */
export async function deleteAgentSessionsOf(
  db: Kysely<Database>,
  agentId: number,
): Promise<number> {
  const result = await db
    .deleteFrom("agent_sessions")
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the agent but `keepId` (a password change); the ids of those ended. */
export async function deleteOtherAgentSessions(
  db: Kysely<Database>,
  agentId: number,
  keepId: number,
): Promise<number[]> {
  const rows = await db
    .deleteFrom("agent_sessions")
    .where("agent_id", "=", agentId)
    .where("id", "!=", keepId)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Removes sessions that can no longer be used; the number removed. */
export async function deleteExpiredAgentSessions(
  db: Kysely<Database>,
  now = Date.now(),
): Promise<number> {
  const result = await db
    .deleteFrom("agent_sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now),
        eb("last_seen_at", "<=", now - agentSessionLifetime.idleMs),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
