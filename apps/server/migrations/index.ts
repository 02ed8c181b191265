/**
 * The one ordered set of migrations, run at start on SQLite and on PostgreSQL alike. Imported
 * statically so the bundled server carries them; names sort in the order they must run.
 */
import type { Migration } from "kysely";
import * as m0001 from "./0001_app_settings";
import * as m0002 from "./0002_contact_messages_and_mail_outbox";
import * as m0003 from "./0003_support_chat";
import * as m0004 from "./0004_console";
import * as m0005 from "./0005_hardening";
import * as m0006 from "./0006_upload_bytes_in_database";
import * as m0007 from "./0007_console_team";
import * as m0008 from "./0008_operations";
import * as m0009 from "./0009_visitor_context";
import * as m0010 from "./0010_message_search_in_batches";
import * as m0011 from "./0011_code_requester";
import * as m0012 from "./0012_audit_actor";
import * as m0013 from "./0013_entry_client_id";
import * as m0015 from "./0015_reopened_at";
import * as m0016 from "./0016_agent_availability";
import * as m0019 from "./0019_chat_resume_tokens";
import * as m0021 from "./0021_chat_ratings_and_reports";
import * as m0022 from "./0022_report_message_index";
import * as m0024 from "./0024_blocked_visitors";
import * as m0028 from "./0028_conversation_language";
import * as m0032 from "./0032_one_open_without_partial_index";
import * as m0033 from "./0033_one_message_index_on_sqlite";

export const migrations: Record<string, Migration> = {
  "0001_app_settings": m0001,
  "0002_contact_messages_and_mail_outbox": m0002,
  "0003_support_chat": m0003,
  "0004_console": m0004,
  "0005_hardening": m0005,
  "0006_upload_bytes_in_database": m0006,
  "0007_console_team": m0007,
  "0008_operations": m0008,
  "0009_visitor_context": m0009,
  "0010_message_search_in_batches": m0010,
  "0011_code_requester": m0011,
  "0012_audit_actor": m0012,
  "0013_entry_client_id": m0013,
  "0015_reopened_at": m0015,
  "0016_agent_availability": m0016,
  "0019_chat_resume_tokens": m0019,
  "0021_chat_ratings_and_reports": m0021,
  "0022_report_message_index": m0022,
  "0024_blocked_visitors": m0024,
  "0028_conversation_language": m0028,
  "0032_one_open_without_partial_index": m0032,
  "0033_one_message_index_on_sqlite": m0033,
};
