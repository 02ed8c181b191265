// Visitors for the socket benchmarks, written straight into the server's SQLite file: a chat
// session per visitor (no one-time codes, no mail), and for the first few a visitor row and an open
// conversation. Answers what a client needs to open each visitor's socket.
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";

// The SQLite driver made for this Node line (apps/server/src/db/sqlite-binding.ts says why).
export const SQLITE_DRIVER =
  Number.parseInt(process.versions.node, 10) >= 22 ? "better-sqlite3" : "better-sqlite3-node20";
export const Database = createRequire(import.meta.url)(SQLITE_DRIVER);

/** Visitor sessions (and for the first `withConversations`, a visitor and an open conversation). */
export function seedVisitorSessions(sqliteFile, count, withConversations) {
  const db = new Database(sqliteFile);
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const session = db.prepare(
    "insert into visitor_sessions (token_hash, email, created_at, expires_at, last_seen_at) values (?, ?, ?, ?, ?)",
  );
  const visitor = db.prepare(
    "insert into chat_visitors (email, name, created_at, updated_at) values (?, ?, ?, ?)",
  );
  const conversation = db.prepare(
    "insert into chat_conversations (visitor_id, visitor_email, visitor_name, state, started_at) values (?, ?, ?, 'open', ?)",
  );
  const visitors = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const email = `visitor-${String(i).padStart(5, "0")}@bench.example`;
      const token = randomBytes(32).toString("base64url");
      const hash = createHash("sha256").update(token).digest("hex");
      // Seen now: a session idle for a day is refused.
      session.run(hash, email, now, now + 24 * 60 * 60 * 1000, now);
      if (i < withConversations) {
        const name = `Visitor ${i}`;
        const { lastInsertRowid } = visitor.run(email, name, now, now);
        conversation.run(lastInsertRowid, email, name, now);
      }
      visitors.push({
        path: `/ws/support/${encodeURIComponent(email)}/`,
        cookie: `hl_chat=${token}`,
        // An address per visitor (read only by a server started with TRUST_PROXY): the limit of
        // sockets per client address is not what these benchmarks measure.
        ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      });
    }
  })();
  db.close();
  return visitors;
}
