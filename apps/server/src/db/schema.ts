/**
 * Table types for Kysely. Times are epoch milliseconds in BIGINT/INTEGER columns, read back as
 * numbers on both SQLite and PostgreSQL, so the same code and the same comparisons work on both.
 */
import type { Generated } from "kysely";

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
}

export interface Database {
  app_settings: AppSettingsTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
}
