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

export const migrations: Record<string, Migration> = {
  "0001_app_settings": m0001,
  "0002_contact_messages_and_mail_outbox": m0002,
  "0003_support_chat": m0003,
  "0004_console": m0004,
  "0005_hardening": m0005,
};
