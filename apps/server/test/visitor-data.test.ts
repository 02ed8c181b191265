/**
 * A visitor's data on request: an admin exports everything stored about one address and erases
 * it (conversations, messages, images and their files, contact messages, sessions, codes, mail),
 * each request lands in the audit log, other visitors' data is untouched, and nobody else may ask.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AuditLogEntry,
  VisitorEraseAnswer,
  VisitorExport,
} from "@hourline/contracts/visitor-data";
import { newClientId, verifyVisitor, type ChatServer } from "./chat-harness";
import {
  ADMIN,
  addAgent,
  agentSocket,
  ClientBrowser,
  fetchBytes,
  signIn,
  startConsoleServer,
  uploadImage,
} from "./console-clients";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newUploadName } from "../src/chat/upload-name";
import { uploadsDir } from "../src/chat/upload-store";
import { deleteOrphanUploads, insertUploadWithinQuota } from "../src/repositories/chat-uploads";
import { indexAllNewMessages } from "../src/repositories/message-search-index";
import { mentionsAddress } from "../src/repositories/visitor-data";
import { solid } from "./image-fixtures";
import { postgresFor, stores } from "./helpers";

const pgUp = await postgresFor("the visitor data tests");

/** A visitor who sent the contact form and chatted (a message, an image, an answer). */
async function busyVisitor(server: ChatServer, admin: ClientBrowser, email: string, text: string) {
  const browser = new ClientBrowser(server);
  const contact = await browser.post("/api/support/contact_us", {
    name: "Mara Quist",
    email: email.toUpperCase(),
    phone_numbers: "",
    message: `Contact: ${text}`,
    website: "",
  });
  expect(contact.status).toBe(200);
  await verifyVisitor(browser, server.sink, email);
  const registered = await browser.post("/api/support/register", {
    username: "Mara",
    email,
    context: { opened_on: "/pricing", pages: ["/", "/pricing"], time_zone: "Europe/Oslo" },
  });
  expect(registered.status).toBe(200);
  const conversationId = (registered.body as { conversation_id: number }).conversation_id;
  const socket = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
  await socket.opened;
  await socket.next((f) => f.message_type === "presence");
  const upload = await uploadImage(server, browser, "/api/support/upload", {
    data: await solid("png"),
    filename: "a.png",
    type: "image/png",
  });
  expect(upload.status).toBe(200);
  const url = (upload.body as { url: string }).url;
  for (const message of [`<p>${text}</p>`, `<img src="${url}" alt="">`]) {
    const clientId = newClientId();
    socket.send({
      sender: email,
      receiver: "null",
      message,
      msg_type: message.startsWith("<img") ? "image" : "text",
      client_id: clientId,
    });
    await socket.ack(clientId);
  }
  const agent = await agentSocket(admin);
  const reply = newClientId();
  agent.send({
    message_type: "message",
    conversation_id: conversationId,
    message: "Thanks, we will look.",
    msg_type: "text",
    client_id: reply,
  });
  await agent.ack(reply);
  agent.close();
  const note = await admin.post(`/api/agent/conversations/${conversationId}/notes`, {
    body: `Note: ${text}`,
  });
  expect(note.status).toBe(200);
  await server.app.mailer.drain();
  return { browser, socket, url, conversationId };
}

describe.each(stores)("a visitor's data on $name", (store) => {
  const run = !store.pg || pgUp;
  let server: ChatServer;
  let admin: ClientBrowser;
  let agent: ClientBrowser;
  const email = "mara.quist@northwind.example";
  const other = "olu.ade@harbour.example";
  let mara: Awaited<ReturnType<typeof busyVisitor>>;
  let olu: Awaited<ReturnType<typeof busyVisitor>>;
  const dataDir = mkdtempSync(join(tmpdir(), "hourline-visitor-data-"));

  beforeAll(async () => {
    if (!run) return;
    server = await startConsoleServer(store, { dataDir });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
    await addAgent(admin, {
      email: "agent@hourline.example",
      name: "Agent",
      password: "an agent's long password",
    });
    agent = (await signIn(server, "agent@hourline.example", "an agent's long password")).browser;
    mara = await busyVisitor(server, admin, email, "Our timesheets do not add up");
    olu = await busyVisitor(server, admin, other, "Leave requests for the night shift");
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(run)("is for admins only: 401 signed out, 403 for an agent", async () => {
    const path = `/api/agent/visitors/${encodeURIComponent(email)}`;
    const anonymous = new ClientBrowser(server);
    for (const [browser, status] of [
      [anonymous, 401],
      [agent, 403],
    ] as const) {
      expect((await browser.get(`${path}/export`)).status).toBe(status);
      expect((await browser.delete(path)).status).toBe(status);
      expect((await browser.get("/api/agent/audit-log")).status).toBe(status);
      expect((await browser.get("/api/agent/operations")).status).toBe(status);
    }
    // Nothing was exported or erased by those.
    expect(await admin.get("/api/agent/audit-log")).toMatchObject({ status: 200, body: [] });
  });

  it.runIf(run)("refuses an address that is not one, and a request from another site", async () => {
    const bad = await admin.get("/api/agent/visitors/not-an-address/export");
    expect(bad.status).toBe(400);
    const crossSite = await admin.request(
      "DELETE",
      `/api/agent/visitors/${encodeURIComponent(email)}`,
      undefined,
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
  });

  it.runIf(run)("shows admins the retention period", async () => {
    expect((await admin.get("/api/agent/operations")).body).toEqual({
      status: 200,
      retention_days: 365,
    });
  });

  it.runIf(run)("exports everything stored about the address, in any case", async () => {
    const answer = await admin.get(
      `/api/agent/visitors/${encodeURIComponent(email.toUpperCase())}/export`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe(
      'attachment; filename="visitor-data.json"',
    );
    const data = answer.body as VisitorExport;
    expect(data.email).toBe(email);
    expect(data.counts).toMatchObject({
      visitors: 1,
      conversations: 1,
      messages: 3,
      images: 1,
      contact_messages: 1,
      chat_sessions: 1,
      one_time_codes: 1,
    });
    // The code mail to the address, and the contact notification that names it as Reply-To.
    expect(data.counts.mail).toBeGreaterThanOrEqual(2);
    expect(data.mail.map((m) => m.kind)).toEqual(
      expect.arrayContaining(["chat_otp", "contact_notification"]),
    );
    const [conversation] = data.conversations;
    expect(conversation?.messages.map((m) => m.sender)).toEqual(["visitor", "visitor", "agent"]);
    expect(conversation?.images).toEqual([
      expect.objectContaining({ url: mara.url, content_type: "image/png", sender: "visitor" }),
    ]);
    expect(conversation?.agent_entries).toEqual([
      expect.objectContaining({ kind: "note", body: "Note: Our timesheets do not add up" }),
    ]);
    expect(conversation?.visitor_context).toMatchObject({
      opened_on: "/pricing",
      pages: ["/", "/pricing"],
      time_zone: "Europe/Oslo",
    });
    expect(data.contact_messages[0]?.message).toBe("Contact: Our timesheets do not add up");
    // Nothing about the other visitor.
    expect(JSON.stringify(data)).not.toContain(other);
    expect(JSON.stringify(data)).not.toContain("night shift");
  });

  it.runIf(run)("erases it: rows, image files, open sockets; the other visitor stays", async () => {
    const before = await admin.get(mara.url);
    expect(before.status).toBe(200);
    // An image stored before migration 0006 keeps its bytes in a file under DATA_DIR/uploads.
    const legacy = newUploadName("png");
    const legacyPath = join(uploadsDir(dataDir), legacy);
    mkdirSync(uploadsDir(dataDir), { recursive: true });
    writeFileSync(legacyPath, await solid("png"));
    await server.app.database.db
      .insertInto("chat_uploads")
      .values({
        name: legacy,
        conversation_id: mara.conversationId,
        content_type: "image/png",
        size: 100,
        width: 40,
        height: 20,
        uploaded_by: `visitor:${email}`,
        created_at: Date.now(),
      })
      .execute();
    const answer = await admin.delete(`/api/agent/visitors/${encodeURIComponent(email)}`);
    expect(answer.status).toBe(200);
    const erased = answer.body as VisitorEraseAnswer;
    expect(erased.erased).toMatchObject({
      visitors: 1,
      conversations: 1,
      messages: 3,
      images: 2,
      contact_messages: 1,
      chat_sessions: 1,
      one_time_codes: 1,
    });
    expect(erased.erased.mail).toBeGreaterThanOrEqual(2);
    // The chat's session is gone: its socket is closed, the image is no longer served.
    expect((await mara.socket.closed).code).toBe(4401);
    expect((await fetchBytes(server, admin, mara.url)).status).toBe(404);
    expect(existsSync(legacyPath)).toBe(false);
    const upload = await server.app.database.db.selectFrom("chat_uploads").select("name").execute();
    expect(upload).toHaveLength(1);
    // Only the other visitor's note is left.
    const notes = await server.app.database.db
      .selectFrom("chat_agent_entries")
      .select("body")
      .execute();
    expect(notes.map((n) => n.body)).toEqual(["Note: Leave requests for the night shift"]);

    const after = (await admin.get(`/api/agent/visitors/${encodeURIComponent(email)}/export`))
      .body as VisitorExport;
    expect(Object.values(after.counts)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);

    const kept = (await admin.get(`/api/agent/visitors/${encodeURIComponent(other)}/export`))
      .body as VisitorExport;
    expect(kept.counts).toMatchObject({ conversations: 1, messages: 3, images: 1 });
    expect((await fetchBytes(server, admin, olu.url)).status).toBe(200);
    olu.socket.close();
  });

  it.runIf(run)("writes each request to the audit log, with the address masked", async () => {
    const answer = await admin.get("/api/agent/audit-log");
    expect(answer.status).toBe(200);
    const entries = answer.body as AuditLogEntry[];
    expect(entries.map((e) => [e.action, e.subject])).toEqual([
      ["visitor_export", "o***@harbour.example"],
      ["visitor_export", "m***@northwind.example"],
      ["visitor_erase", "m***@northwind.example"],
      ["visitor_export", "m***@northwind.example"],
    ]);
    expect(entries[2]).toMatchObject({
      agent_name: ADMIN.name,
      details: { conversations: 1, messages: 3, images: 2 },
    });
    expect(JSON.stringify(entries)).not.toContain(email);
    const stored = await server.app.database.db.selectFrom("audit_log").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(email);
  });

  it.runIf(run)(
    "keeps who acted as they were then: a rename does not rewrite the log",
    async () => {
      const before = (await admin.get("/api/agent/audit-log")).body as AuditLogEntry[];
      expect(before.length).toBeGreaterThan(0);
      expect(
        before.every((e) => e.agent_name === ADMIN.name && e.agent_email === ADMIN.email),
      ).toBe(true);
      const renamed = await admin.patch("/api/agent/me", { name: "Someone Else" });
      expect(renamed.status).toBe(200);
      try {
        const after = (await admin.get("/api/agent/audit-log")).body as AuditLogEntry[];
        expect(after.map((e) => [e.agent_name, e.agent_email])).toEqual(
          before.map(() => [ADMIN.name, ADMIN.email]),
        );
      } finally {
        await admin.patch("/api/agent/me", { name: ADMIN.name });
      }
    },
  );
});

/**
 * One person, exactly: `ann@northwind.example` is a substring of `joann@northwind.example`, and
 * neither's export nor erasure may touch the other's data. An image still on its way when the
 * erasure runs is not stored, and erased words leave no trace in SQLite's files.
 */
describe.each(stores)("erasing exactly one person on $name", (store) => {
  const run = !store.pg || pgUp;
  let server: ChatServer;
  let admin: ClientBrowser;
  const ann = "ann@northwind.example";
  const joann = "joann@northwind.example";
  let annChat: Awaited<ReturnType<typeof busyVisitor>>;
  let joannChat: Awaited<ReturnType<typeof busyVisitor>>;
  let erasedAt = 0;
  const dataDir = mkdtempSync(join(tmpdir(), "hourline-visitor-exact-"));
  const exportOf = async (address: string) =>
    (await admin.get(`/api/agent/visitors/${encodeURIComponent(address)}/export`))
      .body as VisitorExport;

  beforeAll(async () => {
    if (!run) return;
    server = await startConsoleServer(store, { dataDir });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
    joannChat = await busyVisitor(server, admin, joann, "Quokka rota for joann");
    annChat = await busyVisitor(server, admin, ann, "Zebracorn overtime for ann");
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(run)("the export of ann@ holds nothing of joann@", async () => {
    const data = await exportOf(ann);
    const text = JSON.stringify(data);
    expect(text).toContain("Zebracorn");
    expect(text).not.toContain("joann");
    expect(text).not.toContain("Quokka");
    const joannData = await exportOf(joann);
    expect(JSON.stringify(joannData)).not.toContain("Zebracorn");
    // Each has their own mail (the code, the contact notification), and only that.
    expect(data.counts.mail).toBe(joannData.counts.mail);
  });

  it.runIf(run)("erasing ann@ leaves joann@'s mail, chat and contact message", async () => {
    const before = await exportOf(joann);
    await indexAllNewMessages(server.app.database.db);
    erasedAt = Date.now();
    const erased = await admin.delete(`/api/agent/visitors/${encodeURIComponent(ann)}`);
    expect(erased.status).toBe(200);
    const after = await exportOf(joann);
    expect(after.counts).toEqual(before.counts);
    expect(after.mail).toEqual(before.mail);
    const outbox = await server.app.database.db
      .selectFrom("mail_outbox")
      .select(["to_address", "reply_to", "text_body"])
      .execute();
    expect(outbox.some((m) => m.to_address === joann)).toBe(true);
    expect(outbox.some((m) => (m.reply_to ?? "").includes(joann))).toBe(true);
    joannChat.socket.close();
  });

  it.runIf(run && store.pg)(
    "vacuums the tables it erased from on PostgreSQL, not waiting for autovacuum",
    async () => {
      const db = server.app.database.db;
      // The erase in the test before ran its vacuum: every table it deleted from was vacuumed
      // since the erase began. (n_dead_tup is not asserted: the deleting transaction's counts
      // reach the statistics up to a second after its commit, possibly after the vacuum.)
      const stats = await sql<{
        relname: string;
        last_vacuum: Date | null;
      }>`select relname, last_vacuum from pg_stat_user_tables
         where schemaname = current_schema()
           and relname in ('chat_conversations', 'chat_messages', 'chat_visitors',
                           'contact_messages', 'visitor_sessions', 'mail_outbox')`.execute(db);
      expect(stats.rows).toHaveLength(6);
      for (const row of stats.rows) {
        expect(row.last_vacuum, row.relname).not.toBeNull();
        expect(row.last_vacuum?.getTime() ?? 0, row.relname).toBeGreaterThanOrEqual(
          erasedAt - 1000,
        );
      }
    },
  );

  it.runIf(run)("an image still on its way when the erasure ran is not stored", async () => {
    // The request passed its checks before the erasure; its insert comes after it.
    const late = await insertUploadWithinQuota(
      server.app.database.db,
      {
        name: newUploadName("png"),
        conversationId: annChat.conversationId,
        contentType: "image/png",
        size: 10,
        width: 1,
        height: 1,
        uploadedBy: `visitor:${ann}`,
        createdAt: Date.now(),
      },
      Buffer.from("late bytes"),
    );
    expect(late).toBe("conversation_gone");
    const rows = await server.app.database.db
      .selectFrom("chat_uploads")
      .select("uploaded_by")
      .where("uploaded_by", "=", `visitor:${ann}`)
      .execute();
    expect(rows).toEqual([]);
  });

  it.runIf(run)(
    "an image left without its conversation is swept, by a second erase and by housekeeping",
    async () => {
      const db = server.app.database.db;
      const orphan = (name: string, by: string) =>
        db
          .insertInto("chat_uploads")
          .values({
            name,
            conversation_id: 999_999,
            content_type: "image/png",
            size: 10,
            width: 1,
            height: 1,
            uploaded_by: by,
            created_at: Date.now(),
            data: Buffer.from("orphan bytes"),
          })
          .execute();
      await orphan(newUploadName("png"), `visitor:${ann}`);
      const again = await admin.delete(`/api/agent/visitors/${encodeURIComponent(ann)}`);
      expect((again.body as VisitorEraseAnswer).erased.images).toBe(1);
      await orphan(newUploadName("png"), "visitor:someone@else.example");
      expect(await deleteOrphanUploads(db)).toHaveLength(1);
      // joann's image, whose conversation exists, stays.
      expect((await fetchBytes(server, admin, joannChat.url)).status).toBe(200);
    },
  );

  it.runIf(run && !store.pg)("leaves no trace of the erased words in SQLite's files", async () => {
    const files = ["hourline.sqlite", "hourline.sqlite-wal"]
      .map((f) => join(dataDir, f))
      .filter((f) => existsSync(f));
    const bytes = Buffer.concat(files.map((f) => readFileSync(f))).toString("latin1");
    expect(bytes.toLowerCase()).not.toContain("zebracorn");
    expect(mentionsAddress(bytes, ann)).toBe(false);
    // joann's words are still there (the scan reads what it should).
    expect(bytes.toLowerCase()).toContain("quokka");
  });
});
