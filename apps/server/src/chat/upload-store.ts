/**
 * Stored chat images: a chat_uploads row with the re-encoded bytes, the conversation, the type, the
 * size and who sent it. In the database, so any instance serves any upload without a shared disk
 * (docs/decisions/0018); uploads stored before that live in `<DATA_DIR>/uploads/<name>` and are
 * still read from there. The name is made here (24 random bytes, base64url, and the extension of
 * the format the image was re-encoded to); nothing of the client's file name is used. Reading by
 * name checks the name against the upload name pattern before anything touches the disk or the
 * database, so no name can reach outside the folder.
 */
import { readFile, rm, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import {
  findUpload,
  findUploadBytes,
  fitsUploadQuota,
  insertUploadWithinQuota,
  type NewUploadRow,
  uploadQuota,
  uploadUsage,
} from "../repositories/chat-uploads";
import type { ProcessedImage } from "./image-upload";
import { isUploadName, newUploadName, uploadUrlPath } from "./upload-name";

export interface UploadRecord extends NewUploadRow {
  id: number;
  /** Where it is served: uploadPathPrefix + name. */
  url: string;
}

/** An upload with the e-mail of the visitor whose conversation it belongs to. */
export interface UploadWithOwner extends UploadRecord {
  visitorEmail: string;
}

export interface UploadOwner {
  conversationId: number;
  uploadedBy: string;
}

export interface UploadStore {
  /** The folder where uploads stored before 0006 live. */
  readonly dir: string;
  /**
   * Saves the image; UploadQuotaError when the conversation's quota for this side is full,
   * UploadConversationGoneError when the conversation no longer exists.
   */
  save(image: ProcessedImage, owner: UploadOwner, now?: number): Promise<UploadRecord>;
  /** Whether this side of the conversation may still upload an image (checked again on save). */
  hasRoom(owner: UploadOwner): Promise<boolean>;
  /** The row of a well-formed, existing name, with the conversation's visitor; otherwise null. */
  find(name: string): Promise<UploadWithOwner | null>;
  /** The stored bytes of a well-formed name, or null when there is no such file. */
  readBytes(name: string): Promise<Buffer | null>;
  /**
   * Removes the files of these names, whose rows are already gone (retention, an erased visitor):
   * the bytes of uploads stored since 0006 went with their rows; older ones have a file in the
   * folder. A file already missing is fine; answers how many were removed.
   */
  removeBytes(names: string[]): Promise<number>;
}

/** The conversation already holds as many images of this side as it may. */
/** The conversation was erased or deleted while the image was on its way; nothing is stored. */
export class UploadConversationGoneError extends Error {
  readonly statusCode = 404;
  constructor() {
    super("This conversation no longer exists.");
    this.name = "UploadConversationGoneError";
  }
}

export class UploadQuotaError extends Error {
  readonly statusCode = 409;
  constructor() {
    super(
      `This conversation has reached its limit of ${uploadQuota.images} images (${uploadQuota.bytes / (1024 * 1024)} MB). Please send a link instead, or start a new chat.`,
    );
    this.name = "UploadQuotaError";
  }
}

export function uploadsDir(dataDir: string): string {
  return join(dataDir, "uploads");
}

export function createUploadStore(db: Kysely<Database>, dataDir: string): UploadStore {
  const dir = uploadsDir(dataDir);

  return {
    dir,

    async save(image, owner, now = Date.now()) {
      const name = newUploadName(image.extension);
      const row: NewUploadRow = {
        name,
        conversationId: owner.conversationId,
        contentType: image.contentType,
        size: image.data.length,
        width: image.width,
        height: image.height,
        uploadedBy: owner.uploadedBy,
        createdAt: now,
      };
      const id = await insertUploadWithinQuota(db, row, image.data);
      if (id === "quota_full") throw new UploadQuotaError();
      if (id === "conversation_gone") throw new UploadConversationGoneError();
      return { ...row, id, url: uploadUrlPath(name) };
    },

    async hasRoom(owner) {
      return fitsUploadQuota(await uploadUsage(db, owner.conversationId, owner.uploadedBy), 1);
    },

    async find(name) {
      if (!isUploadName(name)) return null;
      const row = await findUpload(db, name);
      return row ? { ...row, url: uploadUrlPath(row.name) } : null;
    },

    async readBytes(name) {
      if (!isUploadName(name)) return null;
      const stored = await findUploadBytes(db, name);
      if (!stored) return null;
      if (stored.data) return stored.data;
      try {
        return await readFile(join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async removeBytes(names) {
      let removed = 0;
      for (const name of names) {
        if (!isUploadName(name)) continue;
        const path = join(dir, name);
        try {
          await unlink(path);
          removed += 1;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
            await rm(path, { force: true });
          }
        }
      }
      return removed;
    },
  };
}
