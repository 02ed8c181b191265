/**
 * Table types for Kysely. Times are epoch milliseconds in BIGINT/INTEGER columns, read back as
 * numbers on both SQLite and PostgreSQL, so the same code and the same comparisons work on both.
 */
import type { Generated } from "kysely";
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import type { AgentEntryKind } from "@hourline/contracts/console-team";
import type { AuditAction } from "@hourline/contracts/visitor-data";

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  received_at: number;
  ip_hash: string;
  user_agent: string | null;
  /** 0 or 1: an agent has dealt with it. An integer, so both databases read the same value. */
  handled: Generated<number>;
  /** When an agent first opened it; null while unread. */
  read_at: number | null;
  handled_at: number | null;
  handled_by_agent_id: number | null;
}

export type MailOutboxStatus = "pending" | "sent" | "logged" | "failed";

export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<MailOutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  lease_token: string | null;
  last_error: string | null;
  message_id: string | null;
  created_at: number;
  finished_at: number | null;
  /** 1: the bodies hold a one-time code or chat text, and are blanked once the mail is out. */
  erase_after_send: Generated<number>;
}

export interface ChatOtpCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  ip_hash: string;
  /** SHA-256 of the nonce cookie of the browser that asked for it; null before 0011. */
  requester_hash: string | null;
  created_at: number;
  expires_at: number;
  failed_attempts: Generated<number>;
  closed_at: number | null;
  /** used | replaced | locked */
  closed_reason: string | null;
}

export interface VisitorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  /** Refreshed at most once a minute; a day without use ends the session. */
  last_seen_at: number;
}

export interface ChatVisitorsTable {
  id: Generated<number>;
  email: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export type ConversationState = "open" | "ended";
export type ChatParty = "visitor" | "agent";

export interface ChatConversationsTable {
  id: Generated<number>;
  visitor_id: number;
  visitor_email: string;
  visitor_name: string;
  state: Generated<ConversationState>;
  started_at: number;
  ended_at: number | null;
  ended_by: ChatParty | null;
  transcript_requested: Generated<number>;
  visitor_seen_id: Generated<number>;
  agent_read_id: Generated<number>;
  offline_mail_at: number | null;
  /** JSON of VisitorContext (contracts visitor-context), or null when the widget told nothing. */
  visitor_context: string | null;
  /** When the transcript the visitor asked for was queued; null while it is still to be built. */
  transcript_mailed_at: number | null;
  /** The agent who took the conversation; null while unassigned. */
  assigned_agent_id: number | null;
  /** An unanswered chat the visitor left stays "missed" until an agent deals with it. */
  missed_handled_at: number | null;
  missed_handled_by_agent_id: number | null;
  /** When an agent last reopened the ended conversation: its waiting time counts from then. */
  reopened_at: number | null;
  /** The visitor's chat language (contracts chat-languages, 0028); its mails are written in it. */
  language: Generated<ChatLanguage>;
}

/** What agents add to a conversation that never reaches the visitor's chat. */
export interface ChatAgentEntriesTable {
  id: Generated<number>;
  conversation_id: number;
  kind: AgentEntryKind;
  agent_id: number;
  agent_name: string;
  /** Plain text. */
  body: string;
  /** An e-mail answer's recipient. */
  sent_to: string | null;
  created_at: number;
  /** The id the console gave an e-mail answer, unique per conversation (0013); null otherwise. */
  client_id: string | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  client_id: string | null;
  sender_type: ChatParty;
  agent_id: number | null;
  sender: string;
  receiver: string;
  sender_username: string;
  message: string;
  msg_type: "text" | "image";
  created_at: number;
}

export interface ChatUploadsTable {
  id: Generated<number>;
  name: string;
  conversation_id: number;
  content_type: string;
  size: number;
  width: number;
  height: number;
  /** "visitor:<email>" or "agent:<id>" */
  uploaded_by: string;
  created_at: number;
  /** The image; null for one stored before 0006, whose bytes are in DATA_DIR/uploads. */
  data: Buffer | null;
}

export interface AgentsTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: Generated<"admin" | "agent">;
  password_hash: string;
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
  /** online: new chats are routed to them; away: none (offline is having no console open). */
  availability_status: Generated<"online" | "away">;
}

export interface AgentSessionsTable {
  id: Generated<number>;
  token_hash: string;
  agent_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface CannedRepliesTable {
  id: Generated<number>;
  title: string;
  /** Plain text; it becomes message HTML when an agent sends it. */
  body: string;
  created_by_agent_id: number;
  updated_by_agent_id: number;
  created_at: number;
  updated_at: number;
}

/** A count of attempts in one window (see repositories/attempt-counters.ts). */
export interface AttemptCountersTable {
  key: string;
  count: number;
  window_started_at: number;
}

/** An export or erasure of a visitor's data (see repositories/audit-log.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: number;
  agent_id: number;
  /** The admin's name and address when they acted (0012); null on older entries. */
  agent_name: string | null;
  agent_email: string | null;
  action: AuditAction;
  /** The address masked (`p***@example.com`); the address itself is not kept. */
  subject_masked: string;
  /** HMAC-SHA256 of the normalized address, hex. */
  subject_hash: string;
  /** JSON: what was exported or erased, as counts. */
  details: string;
}

/** Links back into a chat from a mail (GET /chat/resume): single use, 7 days. */
export interface ChatResumeTokensTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is only in the mail. */
  token_hash: string;
  email: string;
  conversation_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A visitor's rating of a conversation; one per conversation. */
export interface ChatRatingsTable {
  id: Generated<number>;
  conversation_id: number;
  /** 1 to 5. */
  score: number;
  comment: string | null;
  created_at: number;
  /** When the latest rating replaced an earlier one (created_at otherwise). */
  updated_at: number;
}

/** A token that lets the visitor rate one conversation once (repositories/chat-ratings.ts). */
export interface ChatRatingTokensTable {
  id: Generated<number>;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  conversation_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** An address agents blocked (migration 0024). */
export interface BlockedVisitorsTable {
  email: string;
  blocked_at: number;
  agent_id: number;
  agent_name: string;
}

export interface Database {
  blocked_visitors: BlockedVisitorsTable;
  app_settings: AppSettingsTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
  chat_otp_codes: ChatOtpCodesTable;
  chat_resume_tokens: ChatResumeTokensTable;
  visitor_sessions: VisitorSessionsTable;
  chat_visitors: ChatVisitorsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_agent_entries: ChatAgentEntriesTable;
  chat_uploads: ChatUploadsTable;
  agents: AgentsTable;
  agent_sessions: AgentSessionsTable;
  canned_replies: CannedRepliesTable;
  attempt_counters: AttemptCountersTable;
  audit_log: AuditLogTable;
  chat_ratings: ChatRatingsTable;
  chat_rating_tokens: ChatRatingTokensTable;
}
