/**
 * The names of uploaded images. The server makes every name (random bytes and the extension of the
 * re-encoded format); the client's file name is never used. The same pattern decides which image
 * sources a chat message may hold and which names may touch the disk, so a name that passes it can
 * only be a plain file in the uploads folder: no dots but the extension's, no slashes.
 */
import { randomBytes } from "node:crypto";
import { uploadPathPrefix } from "@hourline/contracts/chat-message";

export const uploadExtensions = ["png", "jpg", "gif", "webp"] as const;
export type UploadExtension = (typeof uploadExtensions)[number];

export const uploadContentTypes: Record<UploadExtension, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** 16 to 64 base64url characters, a dot, one of the four extensions. */
export const uploadNamePattern = /^[\w-]{16,64}\.(png|jpg|gif|webp)$/;

export function isUploadName(value: unknown): value is string {
  return typeof value === "string" && uploadNamePattern.test(value);
}

/** 24 random bytes (192 bits), base64url: 32 characters, then the extension. */
export function newUploadName(extension: UploadExtension): string {
  return `${randomBytes(24).toString("base64url")}.${extension}`;
}

export function uploadExtensionOf(name: string): UploadExtension {
  return name.slice(name.lastIndexOf(".") + 1) as UploadExtension;
}

/** The URL path an upload is served at, as messages and the upload answer carry it. */
export function uploadUrlPath(name: string): string {
  return `${uploadPathPrefix}${name}`;
}
