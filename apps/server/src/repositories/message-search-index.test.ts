/**
 * SQLite's message search index, kept up in batches: a search finds a message stored a moment ago
 * (before any batch ran), a batch covers what came before it, and deleting or changing messages,
 * indexed or not yet, leaves the index whole (FTS5's own integrity check). The migration's way
 * down indexes what the batches had not reached. PostgreSQL indexes each row as it is written; its
 * search is covered with the other repository tests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertConversation, insertMessage } from "../../test/chat-rows";
import * as batches from "../../migrations/0010_message_search_in_batches";
import { openDatabase, type DatabaseHandle } from "../db/database";
import type { Database } from "../db/schema";
import { listConversationSummaries } from "./conversation-list";
import { indexNewMessages, SEARCH_INDEX_BATCH } from "./message-search-index";

let dir: string;
let handle: DatabaseHandle;
let db: Kysely<Database>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "hourline-search-index-"));
  handle = openDatabase({ dataDir: dir });
  await handle.migrate();
  db = handle.db;
});

afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

async function indexedThrough(): Promise<number> {
  const { rows } = await sql<{
    through: number;
  }>`select indexed_through as through from chat_messages_fts_progress`.execute(db);
  return Number(rows[0]?.through);
}

/**
 * FTS5's integrity check raises "database disk image is malformed" when the index is broken; with
 * `complete` (every message is text and indexed) it also holds the index against the messages.
 */
async function indexIsWhole({ complete }: { complete: boolean }): Promise<void> {
  await sql`insert into chat_messages_fts(chat_messages_fts, rank) values ('integrity-check', ${complete ? 1 : 0})`.execute(
    db,
  );
}

async function indexedRows(): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select rowid as id from chat_messages_fts where chat_messages_fts match 'wombat' order by rowid`.execute(
    db,
  );
  return rows.map((r) => Number(r.id));
}

async function found(word: string): Promise<number[]> {
  const list = await listConversationSummaries(db, "ended", { q: word });
  return list.map((c) => c.id);
}

describe("the message search index on SQLite", () => {
  it("finds a message stored a moment ago: a search indexes what is new first", async () => {
    const id = await insertConversation(db, { email: "a@x.example", startedAt: 1, state: "ended" });
    await insertMessage(db, id, "visitor", "<p>Where is my wombat invoice?</p>", 2);
    expect(await indexedRows()).toEqual([]);
    expect(await found("wombat")).toEqual([id]);
    expect(await indexedRows()).toHaveLength(1);
    await indexIsWhole({ complete: true });
  });

  it("a search catches up on more than one batch of messages", async () => {
    const id = await insertConversation(db, { email: "c@x.example", startedAt: 1, state: "ended" });
    const rows = Array.from({ length: SEARCH_INDEX_BATCH + 10 }, (_, i) => ({
      conversation_id: id,
      client_id: `c-${i}`,
      sender_type: "visitor" as const,
      agent_id: null,
      sender: "c@x.example",
      receiver: "null",
      sender_username: "Visitor",
      message: i === SEARCH_INDEX_BATCH + 5 ? "<p>the wombat at the end</p>" : `<p>filler ${i}</p>`,
      msg_type: "text" as const,
      created_at: 2 + i,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto("chat_messages")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    expect(await found("wombat")).toEqual([id]);
    expect(await indexedRows()).toHaveLength(1);
    await indexIsWhole({ complete: true });
  });

  it("covers everything stored before a batch, and only text", async () => {
    const id = await insertConversation(db, { email: "b@x.example", startedAt: 1, state: "ended" });
    const first = await insertMessage(db, id, "visitor", "<p>wombat one</p>", 2);
    await db
      .insertInto("chat_messages")
      .values({
        conversation_id: id,
        client_id: null,
        sender_type: "visitor",
        agent_id: null,
        sender: "b@x.example",
        receiver: "null",
        sender_username: "Visitor",
        message: '<p><img src="/api/support/uploads/wombat.png" alt=""></p>',
        msg_type: "image",
        created_at: 3,
      })
      .execute();
    const last = await insertMessage(db, id, "agent", "<p>wombat two</p>", 4);
    expect(await indexNewMessages(db)).toBe(last - first + 1);
    expect(await indexedThrough()).toBe(last);
    expect(await indexedRows()).toEqual([first, last]);
    // Nothing new: nothing to do. (The image is a row the index leaves out on purpose, so the
    // index is not held against every row here.)
    expect(await indexNewMessages(db)).toBe(0);
    await indexIsWhole({ complete: false });
  });

  it("stays whole when messages are deleted or changed, indexed or not yet", async () => {
    const id = await insertConversation(db, { email: "c@x.example", startedAt: 1, state: "ended" });
    const indexed = await insertMessage(db, id, "visitor", "<p>wombat indexed</p>", 2);
    const changed = await insertMessage(db, id, "visitor", "<p>wombat changed</p>", 3);
    await indexNewMessages(db);
    const pending = await insertMessage(db, id, "visitor", "<p>wombat pending</p>", 4);
    const pendingChanged = await insertMessage(db, id, "visitor", "<p>wombat later</p>", 5);

    await db.deleteFrom("chat_messages").where("id", "in", [indexed, pending]).execute();
    await db
      .updateTable("chat_messages")
      .set({ message: "<p>quokka now</p>" })
      .where("id", "in", [changed, pendingChanged])
      .execute();
    await indexIsWhole({ complete: false });
    await indexNewMessages(db);
    await indexIsWhole({ complete: true });
    expect(await indexedRows()).toEqual([]);
    expect(await found("quokka")).toEqual([id]);
    expect(await found("wombat")).toEqual([]);
  });

  it("going back to per-insert triggers indexes what the batches had not reached", async () => {
    const id = await insertConversation(db, { email: "d@x.example", startedAt: 1, state: "ended" });
    await insertMessage(db, id, "visitor", "<p>wombat before</p>", 2);
    await indexNewMessages(db);
    const waiting = await insertMessage(db, id, "visitor", "<p>wombat waiting</p>", 3);
    await batches.down(db as unknown as Kysely<unknown>);
    const after = await insertMessage(db, id, "visitor", "<p>wombat after</p>", 4);
    expect((await indexedRows()).slice(-2)).toEqual([waiting, after]);
    await indexIsWhole({ complete: true });
    await batches.up(db as unknown as Kysely<unknown>);
    expect(await indexedThrough()).toBe(after);
    await indexIsWhole({ complete: true });
  });
});
