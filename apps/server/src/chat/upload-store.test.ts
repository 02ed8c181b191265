/**
 * The upload store on its own: server-made names, the bytes in the row (so any instance serves
 * them), uploads stored on disk before still read, and reads that check the name before touching
 * the disk or the database.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConversation } from "../../test/chat-rows";
import { freshPgSchema, PG_URL, postgresFor, stores } from "../../test/helpers";
import { openDatabase, type DatabaseHandle } from "../db/database";
import type { ProcessedImage } from "./image-upload";
import { uploadNamePattern } from "./upload-name";
import { createUploadStore, uploadsDir, type UploadStore } from "./upload-store";

const image: ProcessedImage = {
  data: Buffer.from("not really a png, the store does not care"),
  contentType: "image/png",
  extension: "png",
  width: 12,
  height: 34,
};

const pgUp = await postgresFor("the upload store tests");

for (const dbStore of stores) {
  describe.skipIf(dbStore.pg && !pgUp)(`upload store (${dbStore.name})`, () => {
    let dataDir: string;
    let database: DatabaseHandle;
    let store: UploadStore;
    let conversationId: number;
    let dropSchema: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "hourline-upload-store-"));
      if (dbStore.pg) {
        const { schema, drop } = await freshPgSchema();
        dropSchema = drop;
        database = openDatabase({ dataDir, databaseUrl: PG_URL, pgSchema: schema });
      } else {
        database = openDatabase({ dataDir });
      }
      await database.migrate();
      store = createUploadStore(database.db, dataDir);
      conversationId = await insertConversation(database.db, {
        email: "asha@studio.example",
        startedAt: Date.now(),
      });
    });
    afterAll(async () => {
      await database.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("saves the bytes under a fresh random name and records them", async () => {
      const owner = { conversationId, uploadedBy: "visitor:asha@studio.example" };
      const first = await store.save(image, owner, 1_000);
      const second = await store.save(image, owner, 2_000);
      expect(first.name).toMatch(uploadNamePattern);
      expect(first.name).toMatch(/^[\w-]{32}\.png$/);
      expect(first.name).not.toBe(second.name);
      expect(first).toMatchObject({
        url: `/api/support/uploads/${first.name}`,
        conversationId,
        contentType: "image/png",
        size: image.data.length,
        width: 12,
        height: 34,
        uploadedBy: "visitor:asha@studio.example",
        createdAt: 1_000,
      });
      expect(await store.readBytes(first.name)).toEqual(image.data);
      expect(await store.find(first.name)).toMatchObject({
        ...first,
        visitorEmail: "asha@studio.example",
      });
      // In the database only: another instance, with another disk, reads the same bytes.
      expect(existsSync(uploadsDir(dataDir))).toBe(false);
      const elsewhere = createUploadStore(database.db, mkdtempSync(join(tmpdir(), "hl-other-")));
      expect(await elsewhere.readBytes(first.name)).toEqual(image.data);
    });

    it("still serves an upload stored on disk before the bytes moved into the database", async () => {
      const owner = { conversationId, uploadedBy: "visitor:asha@studio.example" };
      const saved = await store.save(image, owner);
      // As such a row looks: no bytes in it, the file in DATA_DIR/uploads.
      await database.db
        .updateTable("chat_uploads")
        .set({ data: null })
        .where("name", "=", saved.name)
        .execute();
      expect(await store.readBytes(saved.name)).toBeNull();
      mkdirSync(uploadsDir(dataDir), { recursive: true });
      const onDisk = Buffer.from("bytes of an older upload");
      writeFileSync(join(uploadsDir(dataDir), saved.name), onDisk);
      expect(await store.readBytes(saved.name)).toEqual(onDisk);
    });

    it("does not read a file on disk that has no row", async () => {
      mkdirSync(uploadsDir(dataDir), { recursive: true });
      const stray = "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.png";
      writeFileSync(join(uploadsDir(dataDir), stray), "stray");
      expect(await store.readBytes(stray)).toBeNull();
    });

    it("does not look up or read a name that is not an upload name", async () => {
      // A file next to the uploads folder that a traversal would reach.
      writeFileSync(join(dataDir, "secret.png"), "secret");
      for (const name of [
        "../secret.png",
        "..%2fsecret.png",
        "../hourline.sqlite",
        "/etc/passwd",
        "secret.png",
        "AAAAAAAAAAAAAAAA.png/..",
        "AAAAAAAAAAAAAAAA.svg",
        "AAAAAAAAAAAAAAAA.png\0",
        "",
      ]) {
        expect(await store.find(name), name).toBeNull();
        expect(await store.readBytes(name), name).toBeNull();
      }
    });

    it("answers null for a well-formed name that was never stored", async () => {
      expect(await store.find("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png")).toBeNull();
      expect(await store.readBytes("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png")).toBeNull();
    });

    it("stores nothing when its row cannot be written", async () => {
      const broken = createUploadStore(
        // A database whose every write (a transaction, for the quota's count and the insert) fails.
        new Proxy(database.db, {
          get(target, property, receiver) {
            if (property === "transaction") {
              return () => {
                throw new Error("database is down");
              };
            }
            return Reflect.get(target, property, receiver) as unknown;
          },
        }),
        dataDir,
      );
      const before = await database.db.selectFrom("chat_uploads").select("id").execute();
      await expect(
        broken.save(image, { conversationId, uploadedBy: "visitor:asha@studio.example" }),
      ).rejects.toThrow("database is down");
      const after = await database.db.selectFrom("chat_uploads").select("id").execute();
      expect(after.length).toBe(before.length);
    });
  });
}
