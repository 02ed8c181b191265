/**
 * Keeping the shared queue clean: several chats ended or assigned in one request (each answered
 * on its own, since another agent may have acted on some meanwhile), the team's routing settings,
 * chats whose visitor left and went silent ending by themselves, and blocking an abusive visitor's
 * address. Every chat ends through ConversationRules, so the visitor, the consoles, the transcript
 * and routing hear it as from any other end; bulk actions and blocks go to the audit log.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import {
  defaultRoutingSettings,
  type BlockedVisitor,
  type BulkActionAnswer,
  type BulkActionBody,
  type BulkResult,
  type RoutingSettings,
} from "@hourline/contracts/console-hygiene";
import type { AuditAction } from "@hourline/contracts/visitor-data";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { maskEmail } from "../log/redaction";
import { getOrCreateSetting } from "../repositories/app-settings";
import { insertAuditEntry } from "../repositories/audit-log";
import {
  blockAddress,
  deleteVisitorSessionsOf,
  listBlocked,
  unblockAddress,
} from "../repositories/blocked-visitors";
import { findConversation, findOpenConversation } from "../repositories/chat-conversations";
import type { ChatBroker } from "./broker";
import { channels } from "./broker-channels";
import type { ChatPresence } from "./chat-presence";
import { maxOpenChatsSetting } from "./console-routing";
import type { ConsoleTeam } from "./console-team";
import type { ConversationRules } from "./conversation-rules";

/** The app_settings key of the minutes after which a silent chat whose visitor left ends. */
export const abandonedAfterSetting = "routing.abandoned_after_minutes";
/** Chats ended by one sweep at most; the next sweep (a minute later) takes the rest. */
const sweepBatch = 200;

function toBlocked(row: { email: string; blocked_at: number; agent_name: string }): BlockedVisitor {
  return { email: row.email, blocked_at: row.blocked_at, blocked_by: row.agent_name };
}

export class ConsoleHygiene {
  private subjectKey: Promise<string> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly broker: ChatBroker,
    private readonly presence: ChatPresence,
    private readonly rules: ConversationRules,
    private readonly team: ConsoleTeam,
    private readonly routing: { maxOpenChats(): Promise<number>; assignWaiting(): void },
    private readonly log: FastifyBaseLogger,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Bulk actions

  async bulk(agent: AgentProfile, body: BulkActionBody): Promise<BulkActionAnswer> {
    const ids = [...new Set(body.conversation_ids)];
    const results: BulkResult[] = [];
    if (body.action === "end") {
      for (const id of ids) results.push(await this.endOne(agent, id));
    } else {
      const to = body.agent_id ?? null;
      for (const id of ids) results.push(await this.assignOne(id, to));
    }
    const done = results.filter((r) => r.ok).length;
    await this.audit(agent, body.action === "end" ? "bulk_end" : "bulk_assign", {
      subjectMasked: `${ids.length} ${ids.length === 1 ? "conversation" : "conversations"}`,
      subjectHash: "",
      details: {
        requested: ids.length,
        done,
        ...(body.action === "assign" ? { to_agent_id: body.agent_id ?? 0 } : {}),
      },
    });
    this.log.info(
      { agentId: agent.id, action: body.action, requested: ids.length, done },
      "bulk action on conversations",
    );
    return { status: 200, done, results };
  }

  private async endOne(agent: AgentProfile, id: number): Promise<BulkResult> {
    const conversation = await findConversation(this.db, id);
    if (!conversation)
      return { id, ok: false, code: "not_found", message: "No such conversation." };
    const ended = await this.rules.endForTeam(id, "agent", `Ended by ${agent.name}`, agent);
    return ended
      ? { id, ok: true }
      : { id, ok: false, code: "chat_ended", message: "This chat had ended already." };
  }

  private async assignOne(id: number, agentId: number | null): Promise<BulkResult> {
    const conversation = await findConversation(this.db, id);
    if (!conversation)
      return { id, ok: false, code: "not_found", message: "No such conversation." };
    if (conversation.state !== "open") {
      return { id, ok: false, code: "chat_ended", message: "This chat has ended." };
    }
    const result = await this.team.assign(id, agentId);
    if (result.ok) return { id, ok: true };
    return { id, ok: false, code: result.refusal, message: result.message };
  }

  // -------------------------------------------------------------------------------------------
  // Routing settings

  async routingSettings(): Promise<RoutingSettings> {
    const row = await this.db
      .selectFrom("app_settings")
      .select("value")
      .where("key", "=", abandonedAfterSetting)
      .executeTakeFirst();
    const minutes = Number(row?.value);
    return {
      max_open_chats: await this.routing.maxOpenChats(),
      abandoned_after_minutes:
        row !== undefined && Number.isInteger(minutes) && minutes >= 0
          ? minutes
          : defaultRoutingSettings.abandoned_after_minutes,
    };
  }

  async saveRoutingSettings(agent: AgentProfile, settings: RoutingSettings): Promise<void> {
    const now = Date.now();
    const values = [
      { key: maxOpenChatsSetting, value: String(settings.max_open_chats), updated_at: now },
      {
        key: abandonedAfterSetting,
        value: String(settings.abandoned_after_minutes),
        updated_at: now,
      },
    ];
    await this.db
      .insertInto("app_settings")
      .values(values)
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({
          value: eb.ref("excluded.value"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
    this.log.info({ agentId: agent.id, ...settings }, "routing settings changed");
    // A higher cap frees room at once for the chats that wait.
    this.routing.assignWaiting();
  }

  // -------------------------------------------------------------------------------------------
  // Abandoned chats

  /**
   * Ends the open chats whose visitor has no chat open (no socket, no event stream on any
   * instance) and wrote nothing for the team's setting, counted from their last message, or
   * from the start or reopening when they wrote nothing since. Every instance sweeps; the end
   * itself is a conditional update (state still open), so one chat is ended, announced and
   * mailed by exactly one of them. Answers how many this sweep ended.
   */
  async sweepAbandoned(now = Date.now()): Promise<number> {
    const { abandoned_after_minutes: minutes } = await this.routingSettings();
    if (minutes === 0) return 0;
    const cutoff = now - minutes * 60_000;
    const candidates = await this.db
      .selectFrom("chat_conversations as c")
      .select(["c.id", "c.visitor_email"])
      .where("c.state", "=", "open")
      .where((eb) => eb(eb.fn.coalesce("c.reopened_at", "c.started_at"), "<", cutoff))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("chat_messages as m")
              .select(sql<number>`1`.as("one"))
              .whereRef("m.conversation_id", "=", "c.id")
              .where("m.sender_type", "=", "visitor")
              .where("m.created_at", ">=", cutoff),
          ),
        ),
      )
      .orderBy("c.id")
      .limit(sweepBatch)
      .execute();
    let ended = 0;
    for (const c of candidates) {
      if (await this.presence.visitorOnline(c.visitor_email)) continue;
      const frame = await this.rules.endForTeam(
        c.id,
        "visitor",
        `Ended by itself: the visitor left and wrote nothing for ${minutes} minutes`,
      );
      if (frame) ended += 1;
    }
    if (ended > 0) this.log.info({ ended, minutes }, "abandoned chats ended");
    return ended;
  }

  // -------------------------------------------------------------------------------------------
  // Blocked addresses

  /**
   * Blocks the address: their open chat ends, their chat sessions end (open sockets close), and
   * they can neither prove the address again nor register until an admin unblocks it.
   */
  async block(
    agent: AgentProfile,
    email: string,
  ): Promise<{ blocked: BlockedVisitor; endedConversationId: number | null }> {
    const row = await blockAddress(this.db, {
      email,
      blocked_at: Date.now(),
      agent_id: agent.id,
      agent_name: agent.name,
    });
    const open = await findOpenConversation(this.db, email);
    const ended = open
      ? await this.rules.endForTeam(open.id, "agent", `Blocked by ${agent.name}`, agent)
      : null;
    for (const sessionId of await deleteVisitorSessionsOf(this.db, email)) {
      await this.broker.publish(channels.visitorSessions, { sessionId });
    }
    await this.audit(agent, "visitor_block", {
      subjectMasked: maskEmail(email),
      subjectHash: await this.hashSubject(email),
      details: { conversations_ended: ended ? 1 : 0 },
    });
    this.log.info({ agentId: agent.id, email: maskEmail(email) }, "visitor blocked");
    return { blocked: toBlocked(row), endedConversationId: ended ? ended.conversation_id : null };
  }

  async unblock(agent: AgentProfile, email: string): Promise<boolean> {
    if (!(await unblockAddress(this.db, email))) return false;
    await this.audit(agent, "visitor_unblock", {
      subjectMasked: maskEmail(email),
      subjectHash: await this.hashSubject(email),
      details: {},
    });
    this.log.info({ agentId: agent.id, email: maskEmail(email) }, "visitor unblocked");
    return true;
  }

  async blocked(): Promise<BlockedVisitor[]> {
    return (await listBlocked(this.db)).map(toBlocked);
  }

  // -------------------------------------------------------------------------------------------

  /** The audit log's keyed hash of an address (the key visitor-data requests use). */
  private async hashSubject(email: string): Promise<string> {
    this.subjectKey ??= getOrCreateSetting(this.db, "audit.subject_key", () =>
      randomBytes(32).toString("base64url"),
    );
    return createHmac("sha256", await this.subjectKey)
      .update(email)
      .digest("hex");
  }

  private async audit(
    agent: AgentProfile,
    action: AuditAction,
    entry: { subjectMasked: string; subjectHash: string; details: Record<string, number> },
  ): Promise<void> {
    await insertAuditEntry(this.db, {
      agentId: agent.id,
      agentName: agent.name,
      agentEmail: agent.email,
      action,
      ...entry,
    });
  }
}
