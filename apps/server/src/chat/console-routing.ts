/**
 * Who takes which chat: each agent's availability (online or away as they chose, offline with no
 * console open) and the automatic assignment of new chats. A new conversation goes at once to the
 * online agent below the team's max_open_chats with the fewest open chats, the agent who last
 * helped that visitor first; with nobody free it waits unassigned, and the waiting ones are
 * given out oldest first whenever someone frees up (a chat ends, an agent connects or comes back
 * from away). Each round runs under one lock (a PostgreSQL advisory lock across instances;
 * SQLite has one writer), so two instances never give one agent more than the cap.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import {
  defaultMaxOpenChats,
  type AgentAvailability,
  type AgentStatus,
} from "@hourline/contracts/console-team";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { Database } from "../db/schema";
import type { ChatBroker } from "./broker";
import { channels } from "./broker-channels";
import type { ChatPresence } from "./chat-presence";
import type { ConsoleReadModel } from "./console-read-model";

/** The app_settings key of the team's cap on open chats per agent. */
export const maxOpenChatsSetting = "routing.max_open_chats";
/** Any constant: the advisory lock every instance's routing round takes on PostgreSQL. */
const routingLockKey = 271_828;

export class ConsoleRouting {
  /** This instance's rounds one after another; the database lock orders the instances. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly broker: ChatBroker,
    private readonly presence: ChatPresence,
    private readonly readModel: ConsoleReadModel,
    private readonly log: FastifyBaseLogger,
    private readonly options: { autoAssign: boolean },
  ) {}

  /** What the others see of an agent. */
  async availability(agent: {
    id: number;
    availability_status: AgentStatus;
  }): Promise<AgentAvailability> {
    if (!(await this.presence.agentOnline(agent.id))) return "offline";
    return agent.availability_status;
  }

  async setStatus(agent: AgentProfile, status: AgentStatus): Promise<AgentAvailability> {
    await this.db
      .updateTable("agents")
      .set({ availability_status: status })
      .where("id", "=", agent.id)
      .execute();
    const online = await this.presence.agentOnline(agent.id);
    const availability: AgentAvailability = online ? status : "offline";
    await this.broker.publish(channels.agents, {
      message_type: "agent_presence",
      agent_id: agent.id,
      online,
      availability,
    });
    if (status === "online") this.assignWaiting();
    return availability;
  }

  /** The team's cap on open chats per agent. */
  async maxOpenChats(): Promise<number> {
    const row = await this.db
      .selectFrom("app_settings")
      .select("value")
      .where("key", "=", maxOpenChatsSetting)
      .executeTakeFirst();
    const value = Number(row?.value);
    return Number.isInteger(value) && value > 0 ? value : defaultMaxOpenChats;
  }

  /**
   * Gives the waiting unassigned open chats, oldest first, to whoever is free; in the background
   * (callers never wait on it, a failure is logged).
   */
  assignWaiting(): void {
    if (!this.options.autoAssign) return;
    this.queue = this.queue
      .then(() => this.round())
      .catch((err: unknown) => this.log.error({ err }, "chat routing failed"));
  }

  /** Settles once every round asked for so far has run (tests, shutdown). */
  settled(): Promise<unknown> {
    return this.queue;
  }

  private async round(): Promise<void> {
    // Read before the transaction: on SQLite the transaction holds the one connection.
    const cap = await this.maxOpenChats();
    const assigned = await this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${routingLockKey})`.execute(trx);
      const agents = await trx
        .selectFrom("agents")
        .select("id")
        .where("disabled", "=", 0)
        .where("availability_status", "=", "online")
        .execute();
      const connected: number[] = [];
      for (const a of agents) {
        if (await this.presence.agentOnline(a.id)) connected.push(a.id);
      }
      if (connected.length === 0) return [];
      const load = new Map<number, number>(connected.map((id) => [id, 0]));
      const counts = await trx
        .selectFrom("chat_conversations")
        .select((eb) => ["assigned_agent_id", eb.fn.countAll<number>().as("n")])
        .where("state", "=", "open")
        .where("assigned_agent_id", "in", connected)
        .groupBy("assigned_agent_id")
        .execute();
      for (const c of counts) load.set(Number(c.assigned_agent_id), Number(c.n));
      const waiting = await trx
        .selectFrom("chat_conversations as c")
        .select(["c.id", "c.visitor_email"])
        .where("c.state", "=", "open")
        .where("c.assigned_agent_id", "is", null)
        .orderBy("c.started_at")
        .orderBy("c.id")
        .limit(connected.length * cap)
        .execute();
      const done: number[] = [];
      for (const conversation of waiting) {
        const free = [...load].filter(([, n]) => n < cap);
        if (free.length === 0) break;
        const previous = await previousAgent(trx, conversation.visitor_email, conversation.id);
        const chosen =
          free.find(([id]) => id === previous) ??
          free.reduce((best, next) => (next[1] < best[1] ? next : best));
        const updated = await trx
          .updateTable("chat_conversations")
          .set({ assigned_agent_id: chosen[0] })
          .where("id", "=", conversation.id)
          .where("assigned_agent_id", "is", null)
          .where("state", "=", "open")
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 1) {
          load.set(chosen[0], chosen[1] + 1);
          done.push(conversation.id);
        }
      }
      return done;
    });
    for (const id of assigned) await this.readModel.announceConversation(id);
  }
}

/** The agent who had the visitor's most recent earlier conversation. */
async function previousAgent(
  db: Kysely<Database>,
  email: string,
  exceptId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("chat_conversations")
    .select("assigned_agent_id")
    .where("visitor_email", "=", email)
    .where("id", "!=", exceptId)
    .where("assigned_agent_id", "is not", null)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.assigned_agent_id == null ? undefined : Number(row.assigned_agent_id);
}
