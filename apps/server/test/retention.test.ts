/**
 * RETENTION_DAYS: what is older than the period and done with goes (ended conversations with
 * their messages, images and image files, visitors left with no conversation, handled contact
 * messages, mail that went out or was given up), in batches; what someone still has to act on
 * stays however old (open conversations, unhandled contact messages, unsent mail); 0 keeps all.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUploadName } from "../src/chat/upload-name";
import { createUploadStore } from "../src/chat/upload-store";
import type { Database } from "../src/db/schema";
import { applyRetention, DAY_MS } from "../src/operations/retention";
import { insertConversation, insertMessage } from "./chat-rows";
import { postgresFor, stores, testAppOn } from "./helpers";

const pgUp = await postgresFor("the retention tests");
const now = Date.now();
const old = now - 40 * DAY_MS;
const recent = now - 5 * DAY_MS;

async function seed(db: Kysely<Database>, dataDir: string) {
  const conversation = async (state: "open" | "ended", at: number, email: string) => {
    const visitor = await db
      .insertInto("chat_visitors")
      .values({ email, name: "V", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = await insertConversation(db, {
      email,
      startedAt: at,
      state,
      ...(state === "ended" ? { endedAt: at, endedBy: "visitor" as const } : {}),
    });
    await db
      .updateTable("chat_conversations")
      .set({ visitor_id: visitor.id })
      .where("id", "=", id)
      .execute();
    await insertMessage(db, id, "visitor", `<p>hello ${email}</p>`, at);
    await insertMessage(db, id, "agent", "<p>hi</p>", at);
    const name = newUploadName("png");
    mkdirSync(join(dataDir, "uploads"), { recursive: true });
    writeFileSync(join(dataDir, "uploads", name), "png bytes");
    await db
      .insertInto("chat_uploads")
      .values({
        name,
        conversation_id: id,
        content_type: "image/png",
        size: 9,
        width: 1,
        height: 1,
        uploaded_by: `visitor:${email}`,
        created_at: at,
      })
      .execute();
    return { id, name };
  };
  const conversations = {
    // Three old ended ones, so a batch of two needs a second round.
    oldEnded: [
      await conversation("ended", old, "a@example.com"),
      await conversation("ended", old, "b@example.com"),
      await conversation("ended", old, "c@example.com"),
    ],
    recentEnded: await conversation("ended", recent, "d@example.com"),
    oldOpen: await conversation("open", old, "e@example.com"),
  };
  const contact = (handled: boolean, at: number) => ({
    name: "N",
    email: "n@example.com",
    phone: null,
    message: "m",
    received_at: at,
    ip_hash: "h",
    user_agent: null,
    handled: handled ? 1 : 0,
    read_at: at,
    handled_at: handled ? at : null,
    handled_by_agent_id: handled ? 1 : null,
  });
  await db
    .insertInto("contact_messages")
    .values([contact(true, old), contact(true, recent), contact(false, old)])
    .execute();
  const mail = (status: "sent" | "failed" | "pending", finishedAt: number | null) => ({
    kind: "contact_notification",
    to_address: "support@hourline.example",
    subject: status,
    text_body: "t",
    status,
    next_attempt_at: old,
    created_at: old,
    finished_at: finishedAt,
  });
  await db
    .insertInto("mail_outbox")
    .values([mail("sent", old), mail("failed", old), mail("sent", recent), mail("pending", null)])
    .execute();
  return conversations;
}

describe.each(stores)("retention on $name", (store) => {
  const run = !store.pg || pgUp;
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    if (!run) return;
    dataDir = mkdtempSync(join(tmpdir(), "hourline-retention-"));
    // RETENTION_DAYS=0: the app's own daily run leaves the rows to the test.
    app = await testAppOn(store, { RETENTION_DAYS: "0" }, { dataDir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(run)("keeps everything with 0 days", async () => {
    const db = app.database.db;
    await seed(db, dataDir);
    const uploads = createUploadStore(db, dataDir);
    expect(await applyRetention(db, uploads, 0, { now })).toEqual({
      conversations: 0,
      messages: 0,
      images: 0,
      visitors: 0,
      contactMessages: 0,
      mail: 0,
    });
    expect(await db.selectFrom("chat_conversations").select("id").execute()).toHaveLength(5);
  });

  it.runIf(run)("deletes what is older than the period and done with, in batches", async () => {
    const db = app.database.db;
    for (const table of [
      "chat_uploads",
      "chat_messages",
      "chat_conversations",
      "chat_visitors",
      "contact_messages",
      "mail_outbox",
    ] as const) {
      await db.deleteFrom(table).execute();
    }
    const seeded = await seed(db, dataDir);
    const uploads = createUploadStore(db, dataDir);
    const result = await applyRetention(db, uploads, 30, { now, batch: 2 });
    expect(result).toEqual({
      conversations: 3,
      messages: 6,
      images: 3,
      visitors: 3,
      contactMessages: 1,
      mail: 2,
    });
    const left = (
      await db.selectFrom("chat_conversations").select("id").orderBy("id").execute()
    ).map((r) => r.id);
    expect(left).toEqual([seeded.recentEnded.id, seeded.oldOpen.id]);
    const messages = await db.selectFrom("chat_messages").select("conversation_id").execute();
    expect(new Set(messages.map((m) => m.conversation_id))).toEqual(new Set(left));
    for (const gone of seeded.oldEnded) {
      expect(existsSync(join(dataDir, "uploads", gone.name))).toBe(false);
    }
    expect(existsSync(join(dataDir, "uploads", seeded.recentEnded.name))).toBe(true);
    expect(existsSync(join(dataDir, "uploads", seeded.oldOpen.name))).toBe(true);
    const visitors = await db
      .selectFrom("chat_visitors")
      .select("email")
      .orderBy("email")
      .execute();
    expect(visitors.map((v) => v.email)).toEqual(["d@example.com", "e@example.com"]);
    const contacts = await db
      .selectFrom("contact_messages")
      .select(["handled", "received_at"])
      .orderBy("id")
      .execute();
    expect(contacts).toEqual([
      { handled: 1, received_at: recent },
      { handled: 0, received_at: old },
    ]);
    const mail = await db.selectFrom("mail_outbox").select("status").orderBy("id").execute();
    expect(mail.map((m) => m.status)).toEqual(["sent", "pending"]);

    // Run again: nothing more to do.
    expect(Object.values(await applyRetention(db, uploads, 30, { now, batch: 2 }))).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
  });

  it.runIf(run)(
    "draws the line at exactly the period: a millisecond inside stays, a millisecond past goes",
    async () => {
      const db = app.database.db;
      for (const table of [
        "chat_uploads",
        "chat_messages",
        "chat_conversations",
        "chat_visitors",
        "contact_messages",
        "mail_outbox",
      ] as const) {
        await db.deleteFrom(table).execute();
      }
      const days = 30;
      const edge = now - days * DAY_MS;
      // Just inside the period, exactly on its edge (not yet older than it), just past it.
      const ages = { inside: edge + 1, onEdge: edge, past: edge - 1 } as const;
      const ids: Record<string, number> = {};
      for (const [label, at] of Object.entries(ages)) {
        const email = `${label.toLowerCase()}@example.com`;
        const visitor = await db
          .insertInto("chat_visitors")
          .values({ email, name: "V", created_at: at, updated_at: at })
          .returning("id")
          .executeTakeFirstOrThrow();
        const id = await insertConversation(db, {
          email,
          startedAt: at - 60_000,
          state: "ended",
          endedAt: at,
          endedBy: "visitor",
        });
        await db
          .updateTable("chat_conversations")
          .set({ visitor_id: visitor.id })
          .where("id", "=", id)
          .execute();
        ids[label] = id;
        // A visitor with no conversation left, last seen at the same moment.
        await db
          .insertInto("chat_visitors")
          .values({ email: `alone-${email}`, name: "V", created_at: at, updated_at: at })
          .execute();
        await db
          .insertInto("contact_messages")
          .values({
            name: label,
            email,
            phone: null,
            message: "m",
            received_at: at,
            ip_hash: "h",
            user_agent: null,
            handled: 1,
            read_at: at,
            handled_at: at,
            handled_by_agent_id: 1,
          })
          .execute();
        await db
          .insertInto("mail_outbox")
          .values({
            kind: "contact_notification",
            to_address: "support@hourline.example",
            subject: label,
            text_body: "t",
            status: "sent",
            next_attempt_at: at,
            created_at: at,
            finished_at: at,
          })
          .execute();
      }
      const uploads = createUploadStore(db, dataDir);
      expect(await applyRetention(db, uploads, days, { now })).toMatchObject({
        conversations: 1,
        visitors: 2,
        contactMessages: 1,
        mail: 1,
      });
      const kept = ["inside", "onEdge"];
      expect(
        (await db.selectFrom("chat_conversations").select("id").orderBy("id").execute()).map(
          (r) => r.id,
        ),
      ).toEqual(kept.map((label) => ids[label]));
      expect(
        (await db.selectFrom("chat_visitors").select("email").orderBy("id").execute()).map(
          (r) => r.email,
        ),
      ).toEqual(
        kept.flatMap((label) => [
          `${label.toLowerCase()}@example.com`,
          `alone-${label.toLowerCase()}@example.com`,
        ]),
      );
      expect(
        (await db.selectFrom("contact_messages").select("name").orderBy("id").execute()).map(
          (r) => r.name,
        ),
      ).toEqual(kept);
      expect(
        (await db.selectFrom("mail_outbox").select("subject").orderBy("id").execute()).map(
          (r) => r.subject,
        ),
      ).toEqual(kept);
    },
  );
});
