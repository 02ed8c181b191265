/**
 * What agents do to a conversation as a team, beside replying: take it or give it to another
 * agent, mark a missed chat handled or answer it by e-mail (through the outbox, to the address the
 * visitor proved), add internal notes, and reopen an ended conversation. Every change reaches
 * every console through the broker; notes and e-mail answers travel on the agents' channel only.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type {
  AgentAvailability,
  AgentEntry,
  AgentStatus,
  ConversationCounts,
  TeamMember,
} from "@hourline/contracts/console-team";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { chatEmailAnswerMail } from "../mail/templates/chat-mails";
import { findAgentById, listAgents } from "../repositories/agents";
import {
  findAgentEntryByClientId,
  insertAgentEntry,
  listAgentEntries,
} from "../repositories/chat-agent-entries";
import {
  assignConversation,
  findConversation,
  markMissedHandled,
  reopenConversation,
} from "../repositories/chat-conversations";
import { countConversations, countSearch } from "../repositories/conversation-list";
import { enqueueMail } from "../repositories/mail-outbox";
import { newResumeLink } from "./resume-links";
import type { ChatBroker } from "./broker";
import { channels } from "./broker-channels";
import type { ConsoleReadModel } from "./console-read-model";

/** Why an action was refused, as the route answers it. */
export type TeamRefusal = "not_found" | "conflict";
export type TeamResult<T> =
  { ok: true; value: T } | { ok: false; refusal: TeamRefusal; message: string };

const notFound = { ok: false, refusal: "not_found", message: "No such conversation." } as const;

export class ConsoleTeam {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly broker: ChatBroker,
    private readonly readModel: ConsoleReadModel,
    private readonly kickMailer: () => void,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      supportInbox: string;
      /** The site's public address: the e-mail answer links back into the chat (GET /chat/resume). */
      publicUrl: string;
      /** What the others see of an agent (ConsoleRouting.availability). */
      availability: (agent: {
        id: number;
        availability_status: AgentStatus;
      }) => Promise<AgentAvailability>;
    },
  ) {}

  /** The enabled agents, by display name, with their availability: whom a chat can be given to. */
  async team(): Promise<TeamMember[]> {
    const agents = (await listAgents(this.db)).filter((a) => !a.disabled);
    return Promise.all(
      agents.map(async (a) => ({
        id: a.id,
        name: a.name,
        availability: await this.options.availability({
          id: a.id,
          availability_status: a.availabilityStatus,
        }),
      })),
    );
  }

  /** The views' counts; with a search, also how many of each view it finds. */
  async counts(agentId: number, q?: string): Promise<ConversationCounts> {
    const counts = await countConversations(this.db, agentId);
    if (q === undefined || q.trim() === "") return { status: 200, ...counts };
    return { status: 200, ...counts, search: await countSearch(this.db, q) };
  }

  async entries(conversationId: number): Promise<AgentEntry[] | undefined> {
    if (!(await findConversation(this.db, conversationId))) return undefined;
    return listAgentEntries(this.db, conversationId);
  }

  async addNote(
    agent: AgentProfile,
    conversationId: number,
    body: string,
  ): Promise<TeamResult<AgentEntry>> {
    if (!(await findConversation(this.db, conversationId))) return notFound;
    const entry = await insertAgentEntry(this.db, {
      conversation_id: conversationId,
      kind: "note",
      agent_id: agent.id,
      agent_name: agent.name,
      body,
      sent_to: null,
      created_at: Date.now(),
    });
    await this.broker.publish(channels.agents, { message_type: "agent_entry", ...entry });
    return { ok: true, value: entry };
  }

  /**
   * Answers a missed chat by e-mail: the mail is queued in the same transaction as its record in
   * the conversation and the end of its "missed" state, to the address the visitor proved with a
   * one-time code (the conversation's).
   */
  async answerByEmail(
    agent: AgentProfile,
    conversationId: number,
    body: string,
    clientId?: string,
  ): Promise<TeamResult<AgentEntry>> {
    const conversation = await findConversation(this.db, conversationId);
    if (!conversation) return notFound;
    // The same answer sent again (its client_id) was mailed already: the record it made answers.
    const again = async () =>
      clientId === undefined
        ? undefined
        : findAgentEntryByClientId(this.db, conversationId, clientId);
    const before = await again();
    if (before) return { ok: true, value: before };
    if (conversation.state !== "ended") {
      return {
        ok: false,
        refusal: "conflict",
        message: "This chat is still open: answer in the chat.",
      };
    }
    const now = Date.now();
    // Like the transcript, the answer carries the single-use link back into the chat (0037).
    const resume = newResumeLink(
      this.options.publicUrl,
      conversation.visitor_email,
      conversationId,
    );
    const mail = chatEmailAnswerMail({
      chatUrl: resume.url,
      to: conversation.visitor_email,
      visitorName: conversation.visitor_name,
      agentName: agent.name,
      answer: body,
      replyTo: this.options.supportInbox,
      language: conversation.language,
    });
    let entry: AgentEntry;
    try {
      entry = await this.db.transaction().execute(async (trx) => {
        await resume.store(trx, now);
        await enqueueMail(trx, mail, now);
        await markMissedHandled(trx, conversationId, { agentId: agent.id, now });
        return insertAgentEntry(
          trx,
          {
            conversation_id: conversationId,
            kind: "email",
            agent_id: agent.id,
            agent_name: agent.name,
            body,
            sent_to: conversation.visitor_email,
            created_at: now,
          },
          clientId,
        );
      });
    } catch (err) {
      // Sent twice at once: the other one is recorded, and this one's mail went with its rollback.
      const other = isUniqueViolation(err) ? await again() : undefined;
      if (other) return { ok: true, value: other };
      throw err;
    }
    this.kickMailer();
    this.log.info({ conversationId, agentId: agent.id }, "chat answered by e-mail");
    await this.broker.publish(channels.agents, { message_type: "agent_entry", ...entry });
    await this.readModel.announceConversation(conversationId);
    return { ok: true, value: entry };
  }

  async markHandled(agent: AgentProfile, conversationId: number): Promise<TeamResult<null>> {
    if (!(await findConversation(this.db, conversationId))) return notFound;
    if (await markMissedHandled(this.db, conversationId, { agentId: agent.id, now: Date.now() })) {
      await this.readModel.announceConversation(conversationId);
    }
    return { ok: true, value: null };
  }

  /** To an active agent, or to nobody (null). */
  async assign(conversationId: number, agentId: number | null): Promise<TeamResult<null>> {
    if (agentId !== null) {
      const agent = await findAgentById(this.db, agentId);
      if (!agent || agent.disabled) {
        return { ok: false, refusal: "conflict", message: "There is no such active agent." };
      }
    }
    if (!(await assignConversation(this.db, conversationId, agentId))) return notFound;
    await this.readModel.announceConversation(conversationId);
    return { ok: true, value: null };
  }

  async reopen(agent: AgentProfile, conversationId: number): Promise<TeamResult<null>> {
    const conversation = await findConversation(this.db, conversationId);
    if (!conversation) return notFound;
    const now = Date.now();
    if (!(await reopenConversation(this.db, conversationId, now))) {
      return {
        ok: false,
        refusal: "conflict",
        message:
          conversation.state === "open"
            ? "This chat is open already."
            : "The visitor has another chat open: answer them there.",
      };
    }
    const marker = await insertAgentEntry(this.db, {
      conversation_id: conversationId,
      kind: "reopened",
      agent_id: agent.id,
      agent_name: agent.name,
      body: `Reopened by ${agent.name}`,
      sent_to: null,
      created_at: now,
    });
    await this.broker.publish(channels.agents, { message_type: "agent_entry", ...marker });
    await this.readModel.announceConversation(conversationId);
    return { ok: true, value: null };
  }
}
