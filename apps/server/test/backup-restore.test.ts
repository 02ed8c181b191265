/**
 * Backups that restore: a backup taken while visitors chat (and agents answer) holds every message
 * acknowledged before it began, with the images the database names; it restores into an empty
 * DATA_DIR or database, a server started on the restore serves it, and a restore never overwrites
 * data. On SQLite and on PostgreSQL (pg_dump / pg_restore).
 */
import { execFile } from "node:child_process";
import {
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newUploadName } from "../src/chat/upload-name";
import { createUploadStore, uploadsDir } from "../src/chat/upload-store";
import { BackupError, createBackup, restoreBackup } from "../src/operations/backup";
import { readManifest } from "../src/operations/backup-files";
import {
  AGENT_ENV,
  chattingVisitor,
  connectedAgent,
  newClientId,
  startChatServer,
  type ChatServer,
} from "./chat-harness";
import { uploadImage, ClientBrowser } from "./console-clients";
import { solid } from "./image-fixtures";
import { insertConversation } from "./chat-rows";
import { freshPgDatabase, postgresFor, testApp } from "./helpers";

const pgUp = await postgresFor("the backup and restore tests");

/** The load sends as fast as acks return: the per-socket flood limit is lifted for it. */
const loadSockets = { rate: { burst: 10_000, perSecond: 10_000 } };

const folders: string[] = [];
function folder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `hourline-${prefix}-`));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/**
 * Visitors and an agent exchanging messages as fast as acks come back, until `stop` is set;
 * `acked` holds every client_id acknowledged so far, in order.
 */
async function chatLoad(server: ChatServer, dataDir: string, visitors = 6) {
  const agent = await connectedAgent(server);
  const people = await Promise.all(Array.from({ length: visitors }, () => chattingVisitor(server)));
  const acked: string[] = [];
  const images: string[] = [];
  for (const person of people.slice(0, 2)) {
    const browser = Object.assign(new ClientBrowser(server), { cookies: person.browser.cookies });
    const upload = await uploadImage(server, browser, "/api/support/upload", {
      data: await solid("png"),
      filename: "x.png",
      type: "image/png",
    });
    expect(upload.status).toBe(200);
    const url = (upload.body as { url: string }).url;
    images.push(url.slice(url.lastIndexOf("/") + 1));
    const clientId = newClientId();
    person.socket.send({
      sender: person.email,
      receiver: "null",
      message: `<img src="${url}" alt="">`,
      msg_type: "image",
      client_id: clientId,
    });
    await person.socket.ack(clientId);
    acked.push(clientId);
  }
  // An image stored before migration 0006: its bytes in a file under DATA_DIR/uploads.
  const legacy = newUploadName("png");
  mkdirSync(uploadsDir(dataDir), { recursive: true });
  writeFileSync(join(uploadsDir(dataDir), legacy), await solid("png"));
  await server.app.database.db
    .insertInto("chat_uploads")
    .values({
      name: legacy,
      conversation_id: people[0]?.conversationId ?? 0,
      content_type: "image/png",
      size: 100,
      width: 40,
      height: 20,
      uploaded_by: "visitor:legacy",
      created_at: Date.now(),
    })
    .execute();
  images.push(legacy);
  let stop = false;
  const loops = people.map(async (person, i) => {
    for (let n = 0; !stop; n += 1) {
      const fromVisitor = n % 3 !== 2;
      const clientId = newClientId();
      if (fromVisitor) {
        person.socket.send({
          sender: person.email,
          receiver: "null",
          message: `message ${n} from visitor ${i}`,
          msg_type: "text",
          client_id: clientId,
        });
        await person.socket.ack(clientId, 10_000);
      } else {
        agent.socket.send({
          message_type: "message",
          conversation_id: person.conversationId,
          message: `answer ${n} to visitor ${i}`,
          msg_type: "text",
          client_id: clientId,
        });
        await agent.socket.ack(clientId, 10_000);
      }
      acked.push(clientId);
    }
  });
  return {
    acked,
    /** Every image: two stored in the database, the last one a file. */
    images,
    legacy,
    async stop() {
      stop = true;
      await Promise.all(loops);
      for (const person of people) person.socket.close();
      agent.socket.close();
    },
  };
}

/** Runs `npm run backup|restore`'s program from source (tsx) and answers what it printed. */
function runCommand(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  const cli = new URL(`../src/cli/${name}.ts`, import.meta.url).pathname;
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", cli, ...args],
      { env: { ...process.env, NODE_ENV: "test", ...env } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${name} failed: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
}

/** Lets the load run until at least `count` messages are acknowledged. */
async function untilAcked(acked: string[], count: number) {
  const deadline = Date.now() + 20_000;
  while (acked.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${acked.length} acks`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every image's bytes are served by the restored store, from its row or its file. */
async function expectImages(
  app: Awaited<ReturnType<typeof testApp>>,
  dataDir: string,
  names: string[],
) {
  const store = createUploadStore(app.database.db, dataDir);
  for (const name of names) {
    const bytes = await store.readBytes(name);
    expect(bytes?.subarray(1, 4).toString("latin1"), name).toBe("PNG");
  }
}

async function storedClientIds(app: Awaited<ReturnType<typeof testApp>>): Promise<Set<string>> {
  const rows = await app.database.db.selectFrom("chat_messages").select("client_id").execute();
  return new Set(rows.map((r) => r.client_id ?? ""));
}

describe("backup and restore on SQLite", () => {
  // A chat under load, the backup, a restore and a second app: 4-14 s on this machine by its load.
  it(
    "a backup under chat load restores every message acknowledged before it began",
    { timeout: 120_000 },
    async () => {
      const liveDir = folder("live");
      const server = await startChatServer(AGENT_ENV, { dataDir: liveDir, sockets: loadSockets });
      const load = await chatLoad(server, liveDir);
      let beforeBackup: string[];
      const target = join(folder("backups"), "backup-1");
      try {
        await untilAcked(load.acked, 150);
        beforeBackup = [...load.acked];
        // The command, in a process of its own as an operator runs it, while the chat goes on.
        const during = load.acked.length;
        const printed = await runCommand("backup", [target], { DATA_DIR: liveDir });
        expect(printed).toMatch(
          /^Backed up .* in [\d.]+ s \(sqlite\): database [\d.]+ MiB \(chat images included\), 1 image file/,
        );
        expect(load.acked.length).toBeGreaterThan(during);
        const manifest = await readManifest(target);
        expect(manifest.dialect).toBe("sqlite");
        expect(manifest.migrations).toContain("0008_operations");
        expect(manifest.uploads.map((u) => u.name)).toEqual([load.legacy]);
        expect(manifest.missing_uploads).toEqual([]);
      } finally {
        await load.stop();
        await server.close();
      }

      const restoredDir = folder("restored");
      await restoreBackup({ dataDir: restoredDir }, target);
      expect(readdirSync(uploadsDir(restoredDir))).toEqual([load.legacy]);
      const restored = await testApp({}, { dataDir: restoredDir });
      try {
        await restored.ready();
        const stored = await storedClientIds(restored);
        const lost = beforeBackup.filter((id) => !stored.has(id));
        expect(lost).toEqual([]);
        // Nothing the clients did not send, and every image is there, in the rows or as a file.
        expect([...stored].every((id) => load.acked.includes(id))).toBe(true);
        await expectImages(restored, restoredDir, load.images);
      } finally {
        await restored.close();
      }
    },
  );

  it("refuses to overwrite: a backup folder with files, a DATA_DIR with data", async () => {
    const liveDir = folder("live");
    const app = await testApp({}, { dataDir: liveDir });
    await app.ready();
    const backups = folder("backups");
    const target = join(backups, "b");
    try {
      writeFileSync(join(backups, "note.txt"), "not empty");
      await expect(createBackup({ dataDir: liveDir }, backups)).rejects.toThrow(BackupError);
      await createBackup({ dataDir: liveDir }, target);
    } finally {
      await app.close();
    }
    // The command says why it refuses, and exits with 1.
    await expect(runCommand("restore", [target], { DATA_DIR: liveDir })).rejects.toThrow(
      /already holds a database/,
    );
    // The live DATA_DIR holds a database: refused, and left as it was.
    await expect(restoreBackup({ dataDir: liveDir }, target)).rejects.toThrow(
      /already holds a database/,
    );
    const empty = folder("restored");
    await restoreBackup({ dataDir: empty }, target);
    await expect(restoreBackup({ dataDir: empty }, target)).rejects.toThrow(
      /already holds a database/,
    );
    // A damaged backup is refused before anything is written.
    const damaged = folder("restored");
    writeFileSync(join(target, "hourline.sqlite"), "not a database");
    await expect(restoreBackup({ dataDir: damaged }, target)).rejects.toThrow(/damaged/);
    expect(readdirSync(damaged)).toEqual([]);
  });
});

/**
 * A small backup of `store` (DATABASE_URL or SQLite) holding one image stored before migration
 * 0006, as a file: the part of a backup whose checksums only the manifest vouches for.
 */
async function backupWithLegacyImage(databaseUrl?: string) {
  const liveDir = folder("live");
  const app = await testApp(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, {
    dataDir: liveDir,
  });
  const legacy = newUploadName("png");
  const target = join(folder("backups"), "small");
  try {
    await app.ready();
    const conversationId = await insertConversation(app.database.db, {
      email: "legacy@example.com",
      startedAt: Date.now(),
    });
    mkdirSync(uploadsDir(liveDir), { recursive: true });
    writeFileSync(join(uploadsDir(liveDir), legacy), await solid("png"));
    await app.database.db
      .insertInto("chat_uploads")
      .values({
        name: legacy,
        conversation_id: conversationId,
        content_type: "image/png",
        size: 100,
        width: 40,
        height: 20,
        uploaded_by: "visitor:legacy",
        created_at: Date.now(),
      })
      .execute();
    await createBackup({ dataDir: liveDir, databaseUrl }, target);
  } finally {
    await app.close();
  }
  return { target, legacy };
}

/** Flips one byte in the middle of a file. */
function flipByte(path: string) {
  const bytes = readFileSync(path);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0xff;
  writeFileSync(path, bytes);
}

/** Edits the manifest's row count of one table. */
function miscount(target: string, table: string, by: number) {
  const file = join(target, "manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { counts: Record<string, number> };
  manifest.counts[table] = (manifest.counts[table] ?? 0) + by;
  writeFileSync(file, JSON.stringify(manifest));
}

const asRoot = process.getuid?.() === 0;

describe("what a restore refuses, on SQLite", () => {
  it("a flipped byte in a backed-up image: refused before anything is written", async () => {
    const { target, legacy } = await backupWithLegacyImage();
    flipByte(join(target, "uploads", legacy));
    const dir = folder("restored");
    await expect(restoreBackup({ dataDir: dir }, target)).rejects.toThrow(
      `The backup is damaged: uploads/${legacy} does not match.`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a damaged or truncated manifest: a message naming it, never a raw SyntaxError", async () => {
    const { target } = await backupWithLegacyImage();
    const file = join(target, "manifest.json");
    const whole = readFileSync(file, "utf8");
    writeFileSync(file, whole.slice(0, Math.floor(whole.length / 2)));
    const dir = folder("restored");
    const refusal = restoreBackup({ dataDir: dir }, target);
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toThrow(`${file} is damaged (not complete JSON)`);
    // The command says so in one line, with exit code 1.
    const failed = await runCommand("restore", [target], { DATA_DIR: dir }).catch(
      (e: Error) => e.message,
    );
    expect(failed).toContain("is damaged (not complete JSON)");
    expect(failed).not.toContain("SyntaxError");
    writeFileSync(file, JSON.stringify({ ...JSON.parse(whole), counts: "many" }));
    await expect(restoreBackup({ dataDir: dir }, target)).rejects.toThrow(
      /is not a backup manifest \(counts: /,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("row counts that disagree: nothing restored, DATA_DIR as it was, and a retry works", async () => {
    const { target, legacy } = await backupWithLegacyImage();
    miscount(target, "chat_conversations", 1);
    const dir = folder("restored");
    await expect(restoreBackup({ dataDir: dir }, target)).rejects.toThrow(
      "The restored chat_conversations has 1 rows; the backup says 2. Nothing was restored.",
    );
    expect(readdirSync(dir)).toEqual([]);
    miscount(target, "chat_conversations", -1);
    await restoreBackup({ dataDir: dir }, target);
    expect(readdirSync(dir).sort()).toEqual(["hourline.sqlite", "uploads"]);
    expect(readdirSync(uploadsDir(dir))).toEqual([legacy]);
  });

  it.runIf(asRoot)(
    "run by root: what it writes belongs to DATA_DIR's owner, owner-only",
    async () => {
      const { target, legacy } = await backupWithLegacyImage();
      const dir = folder("restored");
      // nobody:nogroup stands for the server's user.
      chownSync(dir, 65534, 65534);
      await restoreBackup({ dataDir: dir }, target);
      for (const path of [
        join(dir, "hourline.sqlite"),
        uploadsDir(dir),
        join(uploadsDir(dir), legacy),
      ]) {
        const entry = statSync(path);
        expect({ path, uid: entry.uid, gid: entry.gid }).toEqual({ path, uid: 65534, gid: 65534 });
        expect(entry.mode & 0o077, path).toBe(0);
      }
      // A DATA_DIR that does not exist would be root's: refused, with the command that makes it.
      await expect(restoreBackup({ dataDir: join(dir, "missing") }, target)).rejects.toThrow(
        /does not exist\. Create it for the user the server runs as, e\.g\. `install -d -o hourline/,
      );
    },
  );
});

describe.runIf(pgUp)("backup and restore on PostgreSQL", () => {
  // Two databases created, a chat under load, pg_dump, a restore and two sets of migrations: about
  // 4 s alone, past the default 30 s on a runner with ten jobs on two cores.
  it(
    "pg_dump under chat load restores every message acknowledged before it began",
    { timeout: 120_000 },
    async () => {
      const live = await freshPgDatabase();
      const empty = await freshPgDatabase();
      const liveDir = folder("live");
      const target = join(folder("backups"), "pg");
      let beforeBackup: string[] = [];
      let acked: string[] = [];
      let images: string[] = [];
      let legacy = "";
      try {
        const server = await startChatServer(
          { ...AGENT_ENV, DATABASE_URL: live.url },
          { dataDir: liveDir, sockets: loadSockets },
        );
        const load = await chatLoad(server, liveDir);
        try {
          await untilAcked(load.acked, 150);
          beforeBackup = [...load.acked];
          const manifest = await createBackup({ dataDir: liveDir, databaseUrl: live.url }, target);
          expect(manifest.dialect).toBe("postgres");
          expect(manifest.uploads.map((u) => u.name)).toEqual([load.legacy]);
        } finally {
          await load.stop();
          await server.close();
        }
        acked = load.acked;
        images = load.images;
        legacy = load.legacy;

        // The live database is not empty: refused.
        await expect(
          restoreBackup({ dataDir: folder("restored"), databaseUrl: live.url }, target),
        ).rejects.toThrow(/already has tables/);

        const restoredDir = folder("restored");
        await restoreBackup({ dataDir: restoredDir, databaseUrl: empty.url }, target);
        expect(readdirSync(uploadsDir(restoredDir))).toEqual([legacy]);
        const restored = await testApp({ DATABASE_URL: empty.url }, { dataDir: restoredDir });
        try {
          await restored.ready();
          const stored = await storedClientIds(restored);
          expect(beforeBackup.filter((id) => !stored.has(id))).toEqual([]);
          expect([...stored].every((id) => acked.includes(id))).toBe(true);
          await expectImages(restored, restoredDir, images);
        } finally {
          await restored.close();
        }
      } finally {
        await live.drop();
        await empty.drop();
      }
    },
  );
});

describe.runIf(pgUp)("what a restore refuses, on PostgreSQL", () => {
  it("a DATA_DIR whose uploads/ holds images: refused, the database left empty", async () => {
    const live = await freshPgDatabase();
    const empty = await freshPgDatabase();
    try {
      const { target } = await backupWithLegacyImage(live.url);
      const dir = folder("restored");
      mkdirSync(uploadsDir(dir));
      writeFileSync(join(uploadsDir(dir), newUploadName("png")), await solid("png"));
      await expect(restoreBackup({ dataDir: dir, databaseUrl: empty.url }, target)).rejects.toThrow(
        `${uploadsDir(dir)} already holds images.`,
      );
      const app = await testApp({ DATABASE_URL: empty.url }, { dataDir: folder("check") });
      try {
        // Nothing restored: the database had no tables until this app's migrations made them.
        await app.ready();
        expect(await app.database.db.selectFrom("chat_uploads").select("name").execute()).toEqual(
          [],
        );
      } finally {
        await app.close();
      }
    } finally {
      await live.drop();
      await empty.drop();
    }
  });

  it("row counts that disagree: rolled back, DATA_DIR as it was, and a retry works", async () => {
    const live = await freshPgDatabase();
    const empty = await freshPgDatabase();
    try {
      const { target, legacy } = await backupWithLegacyImage(live.url);
      miscount(target, "chat_conversations", 5);
      const dir = folder("restored");
      await expect(restoreBackup({ dataDir: dir, databaseUrl: empty.url }, target)).rejects.toThrow(
        /The restore was rolled back: .*The restored chat_conversations has 1 rows; the backup says 6/,
      );
      expect(readdirSync(dir)).toEqual([]);
      miscount(target, "chat_conversations", -5);
      await restoreBackup({ dataDir: dir, databaseUrl: empty.url }, target);
      expect(readdirSync(uploadsDir(dir))).toEqual([legacy]);
      // A database with tables is refused, and the message gives the createdb that works.
      await expect(
        restoreBackup({ dataDir: folder("again"), databaseUrl: empty.url }, target),
      ).rejects.toThrow(/createdb --owner postgres t_\w+_restored/);
    } finally {
      await live.drop();
      await empty.drop();
    }
  });
});
