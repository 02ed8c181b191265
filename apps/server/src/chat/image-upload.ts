/**
 * An uploaded chat image, from the request stream to bytes that are safe to store and serve
 * (png/jpeg/gif/webp only, never SVG, at most 25 MB, checked by magic bytes, re-encoded with
 * metadata stripped).
 *
 * 1. The stream is read with a byte count; past `maxBytes` it is destroyed and ImageTooLargeError
 *    thrown at once, so nothing beyond the limit is buffered. A stream that @fastify/multipart cut at
 *    its own fileSize limit (`truncated`) is refused the same way.
 * 2. The type comes from the magic bytes (file-type), never from the file name or the part's
 *    Content-Type. Anything but PNG (APNG too), JPEG, GIF or WebP is UnsupportedImageError: SVG,
 *    HTML, text, PDF, an empty file.
 * 3. sharp reads the header: its format must agree with the magic bytes, and width x height x frames
 *    must not pass `maxPixels` (ImageTooManyPixelsError, before any pixel is decoded: a small file
 *    that declares a huge image is a decompression bomb), nor the frames `maxImageFrames`
 *    (ImageTooManyFramesError: a million tiny frames cost seconds of CPU however few pixels). A header sharp cannot read is
 *    CorruptImageError.
 * 4. sharp decodes (with `limitInputPixels` as a second guard and a time limit) and re-encodes in the
 *    same format: EXIF orientation applied, shrunk to fit 4096 x 4096, every frame of an animated GIF
 *    or WebP kept, and no metadata written (no EXIF, GPS, XMP, IPTC, ICC, PNG text chunks; sharp
 *    writes none unless asked). Bytes after the image's end, or hidden in chunks, do not survive:
 *    what is stored is what the encoder wrote. A decoding failure is CorruptImageError.
 *
 * The errors carry the HTTP status and API error code the upload route answers with: 413 for too
 * many bytes and for too many pixels (both are "too large"), 415 for a type that is not an allowed
 * image, 400 for a file that claims to be one but does not decode.
 */
import type { Readable } from "node:stream";
import type { ApiErrorCode } from "@hourline/contracts/api-error";
import { chatLimits } from "@hourline/contracts/chat-message";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { uploadContentTypes, type UploadExtension } from "./upload-name";

export const defaultMaxPixels = 40_000_000;
/** Neither side of a stored image is longer than this; larger images are shrunk to fit. */
export const maxImageSide = 4096;
/** Decoding and encoding one image may take this long before it is given up as hostile. */
export const imageProcessingTimeoutSeconds = 10;
/**
 * Frames of an animated image at most. The pixel limit alone let a GIF of a million 1 x 1 frames
 * through (a million pixels), whose per-frame work took 11-29 s of CPU and 600 MB; a chat
 * animation has a few dozen frames.
 */
export const maxImageFrames = 500;

export class ImageUploadError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ImageTooLargeError extends ImageUploadError {
  constructor(readonly maxBytes: number) {
    super(
      413,
      "too_large",
      `That file is too large. Images of up to ${Math.floor(maxBytes / (1024 * 1024))} MB can be sent.`,
    );
  }
}

export class ImageTooManyPixelsError extends ImageUploadError {
  constructor(readonly pixels: number) {
    super(
      413,
      "too_large",
      "That image has too many pixels. Please send a smaller image or a screenshot of it.",
    );
  }
}

export class ImageTooManyFramesError extends ImageUploadError {
  constructor(readonly frames: number) {
    super(
      413,
      "too_large",
      `That animation has too many frames. Animations of up to ${maxImageFrames} frames can be sent.`,
    );
  }
}

export class UnsupportedImageError extends ImageUploadError {
  constructor(readonly detected: string | undefined) {
    super(415, "unsupported_media_type", "Only PNG, JPEG, GIF and WebP images can be sent.");
  }
}

export class CorruptImageError extends ImageUploadError {
  constructor(readonly reason: string) {
    super(400, "bad_request", "That image could not be read. It may be damaged.");
  }
}

export interface ImageUploadLimits {
  maxBytes?: number;
  maxPixels?: number;
}

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  extension: UploadExtension;
  width: number;
  /** Of one frame, for an animated image. */
  height: number;
}

type SharpFormat = "png" | "jpeg" | "gif" | "webp";

const byMagicMime: Record<string, { extension: UploadExtension; format: SharpFormat }> = {
  "image/png": { extension: "png", format: "png" },
  // An animated PNG: sharp reads its first frame, which is stored as a plain PNG.
  "image/apng": { extension: "png", format: "png" },
  "image/jpeg": { extension: "jpg", format: "jpeg" },
  "image/gif": { extension: "gif", format: "gif" },
  "image/webp": { extension: "webp", format: "webp" },
};

function isFileTooLargeSignal(error: unknown): boolean {
  const e = error as { code?: unknown; statusCode?: unknown } | null;
  return e?.code === "FST_REQ_FILE_TOO_LARGE";
}

/** The whole stream, or ImageTooLargeError as soon as it passes `maxBytes`. */
export async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buffer.length;
      if (total > maxBytes) {
        stream.destroy();
        throw new ImageTooLargeError(maxBytes);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof ImageUploadError) throw error;
    if (isFileTooLargeSignal(error)) throw new ImageTooLargeError(maxBytes);
    throw error;
  }
  // @fastify/multipart (busboy) stops a file at its fileSize limit and marks it truncated.
  if ((stream as Readable & { truncated?: boolean }).truncated === true) {
    throw new ImageTooLargeError(maxBytes);
  }
  return Buffer.concat(chunks, total);
}

/** Reads, checks and re-encodes one uploaded image; see the module comment for each step. */
export async function processImageUpload(
  stream: Readable,
  limits: ImageUploadLimits = {},
): Promise<ProcessedImage> {
  const maxBytes = limits.maxBytes ?? chatLimits.uploadBytes;
  const maxPixels = limits.maxPixels ?? defaultMaxPixels;
  const input = await readAtMost(stream, maxBytes);
  return processImageBuffer(input, maxPixels);
}

/** Steps 2 to 4 for bytes already in memory (at most the byte limit). */
export async function processImageBuffer(
  input: Buffer,
  maxPixels: number = defaultMaxPixels,
): Promise<ProcessedImage> {
  const detected = input.length > 0 ? await fileTypeFromBuffer(input) : undefined;
  const kind = detected ? byMagicMime[detected.mime] : undefined;
  if (!kind) throw new UnsupportedImageError(detected?.mime);
  const animated = kind.format === "gif" || kind.format === "webp";

  let header: Metadata;
  try {
    // The header only: no pixel is decoded here, whatever size it declares.
    header = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new CorruptImageError(String((error as Error).message));
  }
  if (header.format !== kind.format) throw new UnsupportedImageError(header.format);
  const width = header.width ?? 0;
  const frameHeight = header.pageHeight ?? header.height ?? 0;
  const frames = animated ? Math.max(1, header.pages ?? 1) : 1;
  if (width <= 0 || frameHeight <= 0) throw new CorruptImageError("no dimensions");
  if (frames > maxImageFrames) throw new ImageTooManyFramesError(frames);
  const pixels = width * frameHeight * frames;
  if (pixels > maxPixels) throw new ImageTooManyPixelsError(pixels);

  let pipeline = sharp(input, { animated, limitInputPixels: maxPixels, failOn: "error" })
    .timeout({ seconds: imageProcessingTimeoutSeconds })
    .rotate()
    .resize({
      width: maxImageSide,
      height: maxImageSide,
      fit: "inside",
      withoutEnlargement: true,
    });
  switch (kind.format) {
    case "png":
      pipeline = pipeline.png();
      break;
    case "jpeg":
      pipeline = pipeline.jpeg({ quality: 85 });
      break;
    case "gif":
      pipeline = pipeline.gif();
      break;
    case "webp":
      pipeline = pipeline.webp({ quality: 85 });
      break;
  }

  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: uploadContentTypes[kind.extension],
      extension: kind.extension,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    const message = String((error as Error).message);
    if (/pixel limit/i.test(message)) throw new ImageTooManyPixelsError(pixels);
    throw new CorruptImageError(message);
  }
}
