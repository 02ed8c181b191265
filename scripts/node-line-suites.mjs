// The Vitest files that run a second time on the current Node LTS (CI, when the machine's Node is
// another line). What differs between two Node lines for this product is:
//   - the SQLite driver: each line loads its own build (better-sqlite3 12 on Node 20, 13 on 22+,
//     decision 0013), so every query shape, the migrations, the checkpointer, the backup API and
//     what happens when a process holding the database is killed or exits;
//   - the runtime under the bundled server and the commands: start, stop, crash and resume, the CLI
//     processes, and a whole chat over real HTTP, WebSockets and SMTP (fetch, ws, crypto, zlib,
//     timers), plus sharp's re-encoding of uploads.
// Everything else is plain JavaScript over those same calls, run once on the machine's Node.
export const nodeLineSuites = [
  // The driver and the schema: every repository's queries on SQLite (and PostgreSQL).
  "apps/server/src/db/database.test.ts",
  "apps/server/src/db/sqlite-binding.test.ts",
  "apps/server/src/db/sqlite-checkpointer.test.ts",
  "apps/server/src/repositories/agents.test.ts",
  "apps/server/src/repositories/chat-messages.test.ts",
  "apps/server/src/repositories/message-search-index.test.ts",
  "apps/server/test/retention.test.ts",
  // The processes: the bundled server and the commands, started, stopped, killed and resumed.
  "apps/server/test/server-process.test.ts",
  "apps/server/test/process-log.test.ts",
  "apps/server/test/chat-crash.test.ts",
  "apps/server/test/backup-restore.test.ts",
  "apps/server/src/cli/agent-create.test.ts",
  // A whole chat over the real sockets, and an upload re-encoded.
  "apps/server/test/support-chat.test.ts",
  "apps/server/src/chat/image-upload.test.ts",
];
