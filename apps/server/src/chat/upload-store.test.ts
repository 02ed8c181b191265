/**
 * The upload store on its own: server-made names, the file and its row written together, and reads
 * that check the name before touching the disk.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
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
      // Private to the server's user; no temporary file left behind.
      expect(statSync(join(uploadsDir(dataDir), first.name)).mode & 0o077).toBe(0);
      expect(readdirSync(uploadsDir(dataDir)).every((f) => uploadNamePattern.test(f))).toBe(true);
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

    it("removes the file again when its row cannot be written", async () => {
      const before = readdirSync(uploadsDir(dataDir)).length;
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
      await expect(
        broken.save(image, { conversationId, uploadedBy: "visitor:asha@studio.example" }),
      ).rejects.toThrow("database is down");
      expect(readdirSync(uploadsDir(dataDir)).length).toBe(before);
    });
  });
}
