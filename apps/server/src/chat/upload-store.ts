/**
 * Stored chat images: the re-encoded bytes in `<DATA_DIR>/uploads/<name>` and a chat_uploads row
 * naming the conversation, the type, the size and who sent it. The name is made here (24 random
 * bytes, base64url, and the extension of the format the image was re-encoded to); nothing of the
 * client's file name is used. Reading by name checks the name against the upload name pattern
 * before anything touches the disk or the database, so no name can reach outside the folder.
 *
 * A file is written under a temporary name (which the pattern never accepts) and renamed into place,
 * then its row is inserted if the conversation's quota has room; a failed or refused insert removes
 * the file again. A row always has its file,
 * except after a crash between the rename and the insert, which leaves an unreferenced file that
 * nothing serves.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import {
  findUpload,
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
  /** The folder the files live in. */
  readonly dir: string;
  /** Saves the image; UploadQuotaError when the conversation's quota for this side is full. */
  save(image: ProcessedImage, owner: UploadOwner, now?: number): Promise<UploadRecord>;
  /** Whether this side of the conversation may still upload an image (checked again on save). */
  hasRoom(owner: UploadOwner): Promise<boolean>;
  /** The row of a well-formed, existing name, with the conversation's visitor; otherwise null. */
  find(name: string): Promise<UploadWithOwner | null>;
  /** The stored bytes of a well-formed name, or null when there is no such file. */
  readBytes(name: string): Promise<Buffer | null>;
}

/** The conversation already holds as many images of this side as it may. */
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
  let dirReady: Promise<unknown> | undefined;

  return {
    dir,

    async save(image, owner, now = Date.now()) {
      dirReady ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await dirReady;
      const name = newUploadName(image.extension);
      const path = join(dir, name);
      // A leading dot: the upload name pattern never matches a temporary file.
      const temporary = join(dir, `.${randomBytes(12).toString("hex")}.tmp`);
      await writeFile(temporary, image.data, { flag: "wx", mode: 0o600 });
      try {
        await rename(temporary, path);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      try {
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
        const id = await insertUploadWithinQuota(db, row);
        if (id === undefined) throw new UploadQuotaError();
        return { ...row, id, url: uploadUrlPath(name) };
      } catch (error) {
        await unlink(path).catch(() => undefined);
        throw error;
      }
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
      try {
        return await readFile(join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
