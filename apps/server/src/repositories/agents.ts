/** Support agents (table agents). E-mail addresses are stored trimmed and lower-cased. */
import { normalizeEmail } from "@hourline/contracts/email-address";
import type { AgentProfile, AgentRole } from "@hourline/contracts/agent-sign-in";
import type { Kysely, Selectable } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { AgentsTable, Database } from "../db/schema";

export interface Agent {
  id: number;
  email: string;
  name: string;
  role: AgentRole;
  passwordHash: string;
  disabled: boolean;
  /** What the agent chose; offline (no console open) is presence, not stored. */
  availabilityStatus: "online" | "away";
  createdAt: number;
  updatedAt: number;
}

export interface NewAgent {
  email: string;
  name: string;
  role?: AgentRole;
  /** From hashPassword; never a plain password. */
  passwordHash: string;
}

/** createAgent's answer to an e-mail address that another agent already has. */
export class AgentEmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`An agent with the e-mail ${email} already exists.`);
    this.name = "AgentEmailTakenError";
  }
}

function toAgent(row: Selectable<AgentsTable>): Agent {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    passwordHash: row.password_hash,
    disabled: row.disabled === 1,
    availabilityStatus: row.availability_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the API and the sockets show of an agent. */
export function toAgentProfile(agent: Pick<Agent, "id" | "name" | "email" | "role">): AgentProfile {
  return { id: agent.id, name: agent.name, email: agent.email, role: agent.role };
}

/** SQLite's and PostgreSQL's words for a unique index refusing a row. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** Throws AgentEmailTakenError when the address is taken, whatever its case or spaces. */
export async function createAgent(
  db: Kysely<Database>,
  agent: NewAgent,
  now = Date.now(),
): Promise<Agent> {
  const email = normalizeEmail(agent.email);
  try {
    const row = await db
      .insertInto("agents")
      .values({
        email,
        name: agent.name.trim(),
        role: agent.role ?? "agent",
        password_hash: agent.passwordHash,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAgent(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AgentEmailTakenError(email);
    throw error;
  }
}

export async function findAgentByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<Agent | undefined> {
  const row = await db
    .selectFrom("agents")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row ? toAgent(row) : undefined;
}

export async function findAgentById(db: Kysely<Database>, id: number): Promise<Agent | undefined> {
  const row = await db.selectFrom("agents").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAgent(row) : undefined;
}

/** Oldest first. */
export async function listAgents(db: Kysely<Database>): Promise<Agent[]> {
  const rows = await db.selectFrom("agents").selectAll().orderBy("id").execute();
  return rows.map(toAgent);
}

export async function countAgents(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("agents")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function updateAgent(
  db: Kysely<Database>,
  id: number,
  values: { disabled?: number; password_hash?: string; name?: string; role?: AgentRole },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("agents")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Only the flag: a caller disabling an agent also ends the agent's sessions (the agent-sessions
 * plugin's endAllSessions, which tells the sockets).
 */
export function setAgentDisabled(
  db: Kysely<Database>,
  id: number,
  disabled: boolean,
  now = Date.now(),
): Promise<boolean> {
  return updateAgent(db, id, { disabled: disabled ? 1 : 0 }, now);
}

export function setAgentPassword(
  db: Kysely<Database>,
  id: number,
  passwordHash: string,
  now = Date.now(),
): Promise<boolean> {
  return updateAgent(db, id, { password_hash: passwordHash }, now);
}

/**
 * Sets an agent's role and/or disabled flag unless that would leave no enabled admin. The check and
 * the write are one transaction that locks the enabled admins' rows on PostgreSQL (SQLite runs one
 * transaction at a time), so two admins removing each other at once cannot both succeed. False,
 * with nothing changed, when the change was refused.
 */
export async function setAgentAccessKeepingAnAdmin(
  db: Kysely<Database>,
  id: number,
  change: { role?: AgentRole | undefined; disabled?: boolean | undefined },
  now = Date.now(),
): Promise<boolean> {
  const { role, disabled } = change;
  if (role === undefined && disabled === undefined) return true;
  return db.transaction().execute(async (trx) => {
    const admins = trx
      .selectFrom("agents")
      .select("id")
      .where("role", "=", "admin")
      .where("disabled", "=", 0)
      .orderBy("id");
    const enabledAdmins = await (isPostgres(trx) ? admins.forUpdate() : admins).execute();
    const losesAdmin =
      enabledAdmins.some((a) => a.id === id) && (role === "agent" || disabled === true);
    if (losesAdmin && enabledAdmins.length <= 1) return false;
    await updateAgent(
      trx,
      id,
      {
        ...(role !== undefined ? { role } : {}),
        ...(disabled !== undefined ? { disabled: disabled ? 1 : 0 } : {}),
      },
      now,
    );
    return true;
  });
}

export function setAgentName(
  db: Kysely<Database>,
  id: number,
  name: string,
  now = Date.now(),
): Promise<boolean> {
  return updateAgent(db, id, { name: name.trim() }, now);
}
