/**
 * processImageUpload on its own: the byte limit while streaming, detection by magic bytes, the pixel
 * cap before decoding, re-encoding in the same format with metadata gone, and the typed errors the
 * route turns into 413/415/400.
 */
import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  animated,
  exifSecrets,
  gifThenScript,
  htmlPage,
  jpegMagicThenGarbage,
  jpegWithExifAndGps,
  pdfDocument,
  pngBomb,
  pngChunks,
  pngDeclaring,
  pngSignatureThenHtml,
  pngTextSecret,
  pngThenHtml,
  pngWithTextChunk,
  solid,
  svgWithProlog,
  svgWithScript,
} from "../../test/image-fixtures";
import {
  CorruptImageError,
  ImageTooLargeError,
  ImageTooManyFramesError,
  ImageTooManyPixelsError,
  maxImageFrames,
  maxImageSide,
  processImageBuffer,
  processImageUpload,
  readAtMost,
  UnsupportedImageError,
} from "./image-upload";

function streamOf(buffer: Buffer, chunkSize = 16 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= buffer.length) return this.push(null);
      this.push(buffer.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

describe("processImageUpload accepts the four image types and re-encodes them", () => {
  it.each([
    ["png", "png", "image/png"],
    ["jpeg", "jpg", "image/jpeg"],
    ["gif", "gif", "image/gif"],
    ["webp", "webp", "image/webp"],
  ] as const)("%s stays %s", async (format, extension, contentType) => {
    const input = await solid(format);
    const image = await processImageUpload(streamOf(input));
    expect(image).toMatchObject({ extension, contentType, width: 40, height: 20 });
    expect((await sharp(image.data).metadata()).format).toBe(format);
  });

  it("applies the EXIF orientation and strips EXIF and GPS from a JPEG", async () => {
    const input = await jpegWithExifAndGps();
    // The fixture really carries what must go.
    const before = await sharp(input).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.orientation).toBe(6);
    expect(input.includes(exifSecrets.copyright)).toBe(true);

    const image = await processImageBuffer(input);
    const after = await sharp(image.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.data.includes(exifSecrets.copyright)).toBe(false);
    expect(image.data.includes(exifSecrets.make)).toBe(false);
    expect(image.data.includes("Exif")).toBe(false);
    // Rotated as the camera meant it: 40 x 20 becomes 20 x 40.
    expect([image.width, image.height]).toEqual([20, 40]);
  });

  it("drops the text chunks of a PNG", async () => {
    const input = await pngWithTextChunk();
    expect(pngChunks(input).map((c) => c.type)).toEqual(expect.arrayContaining(["tEXt", "iTXt"]));
    const image = await processImageBuffer(input);
    const types = pngChunks(image.data).map((c) => c.type);
    for (const type of ["tEXt", "iTXt", "zTXt", "eXIf", "iCCP", "tIME"]) {
      expect(types).not.toContain(type);
    }
    expect(image.data.includes("Secret Owner")).toBe(false);
    expect(image.data.includes(pngTextSecret)).toBe(false);
  });

  it.each(["gif", "webp"] as const)("keeps every frame of an animated %s", async (format) => {
    const image = await processImageBuffer(await animated(format));
    expect([image.width, image.height]).toEqual([40, 20]);
    const meta = await sharp(image.data, { animated: true }).metadata();
    expect(meta.format).toBe(format);
    expect(meta.pages).toBe(2);
    expect(meta.pageHeight).toBe(20);
  });

  it("shrinks an image larger than 4096 px on a side to fit, keeping its proportions", async () => {
    const image = await processImageBuffer(await solid("jpeg", 6000, 3000));
    expect([image.width, image.height]).toEqual([maxImageSide, maxImageSide / 2]);
    const small = await processImageBuffer(await solid("png", 300, 5000));
    expect(small.height).toBe(maxImageSide);
    expect(small.width).toBeLessThanOrEqual(246);
  });
});

describe("processImageUpload refuses what is not an allowed image", () => {
  it.each([
    ["an SVG", svgWithScript],
    ["an SVG with an XML prolog and a doctype", svgWithProlog],
    ["an HTML page", htmlPage],
    ["a PDF", pdfDocument],
    ["plain text", Buffer.from("hello, this is not an image\n")],
    ["an empty file", Buffer.alloc(0)],
    ["a BMP", Buffer.concat([Buffer.from("BM"), Buffer.alloc(60)])],
  ])("%s is refused as unsupported (415)", async (_label, input) => {
    const error = await processImageBuffer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedImageError);
    expect(error).toMatchObject({ statusCode: 415, code: "unsupported_media_type" });
  });

  it("refuses a TIFF and an AVIF, which sharp could read but chat uploads do not allow", async () => {
    for (const format of ["tiff", "avif"] as const) {
      const input = await sharp({
        create: { width: 8, height: 8, channels: 3, background: "#000" },
      })
        .toFormat(format)
        .toBuffer();
      await expect(processImageBuffer(input)).rejects.toBeInstanceOf(UnsupportedImageError);
    }
  });

  it("refuses the PNG signature followed by HTML as a damaged image (400)", async () => {
    const error = await processImageBuffer(pngSignatureThenHtml).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptImageError);
    expect(error).toMatchObject({ statusCode: 400, code: "bad_request" });
  });

  it("refuses JPEG magic bytes followed by garbage, and a truncated JPEG (400)", async () => {
    await expect(processImageBuffer(jpegMagicThenGarbage)).rejects.toBeInstanceOf(
      CorruptImageError,
    );
    const noisy = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    await expect(
      processImageBuffer(noisy.subarray(0, Math.floor(noisy.length / 2))),
    ).rejects.toBeInstanceOf(CorruptImageError);
  });

  it("re-encodes polyglots: what follows the image is not stored", async () => {
    for (const input of [await pngThenHtml(), await gifThenScript()]) {
      expect(input.includes("<script>")).toBe(true);
      const image = await processImageBuffer(input);
      expect(image.data.includes("<script>")).toBe(false);
      expect(image.data.includes("alert(")).toBe(false);
      expect(image.data.equals(input)).toBe(false);
    }
  });
});

describe("the pixel cap", () => {
  it("refuses a small file that declares 20000 x 20000 pixels, before decoding (413)", async () => {
    const input = pngDeclaring(20_000, 20_000);
    expect(input.length).toBeLessThan(2_000);
    const started = Date.now();
    const error = await processImageBuffer(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTooManyPixelsError);
    expect(error).toMatchObject({ statusCode: 413, code: "too_large", pixels: 400_000_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("refuses a real decompression bomb: 10000 x 10000 in one colour", async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(processImageBuffer(bomb)).rejects.toBeInstanceOf(ImageTooManyPixelsError);
  }, 60_000);

  it("counts every frame of an animation", async () => {
    const input = await animated("gif"); // 2 frames of 40 x 20 = 1600 pixels
    await expect(processImageBuffer(input, 1_000)).rejects.toBeInstanceOf(ImageTooManyPixelsError);
    await expect(processImageBuffer(input, 1_600)).resolves.toMatchObject({ extension: "gif" });
  });

  it("refuses an animation of more frames than the cap before decoding any, however tiny", async () => {
    // 1 x 1 frames: a million of them passed the pixel limit and took seconds of CPU each upload.
    const many = gifOfTinyFrames(maxImageFrames + 1);
    const started = performance.now();
    await expect(processImageBuffer(many)).rejects.toBeInstanceOf(ImageTooManyFramesError);
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(processImageBuffer(gifOfTinyFrames(maxImageFrames))).resolves.toMatchObject({
      extension: "gif",
    });
  });

  it("takes its limit from the options", async () => {
    const input = await solid("png", 100, 100);
    await expect(processImageUpload(streamOf(input), { maxPixels: 9_999 })).rejects.toBeInstanceOf(
      ImageTooManyPixelsError,
    );
    await expect(processImageUpload(streamOf(input), { maxPixels: 10_000 })).resolves.toBeTruthy();
  });
});

/**
 * A GIF of `count` frames of 1 x 1, written byte by byte (an encoder would take long): a 2-colour
 * global table, then per frame an image descriptor and its one pixel's LZW data.
 */
function gifOfTinyFrames(count: number): Buffer {
  const header = Buffer.from([
    ...Buffer.from("GIF89a"),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0, // 1 x 1 screen, a global table of 2 colours
    0,
    0,
    0,
    255,
    255,
    255,
  ]);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]);
  return Buffer.concat([
    header,
    ...Array.from({ length: count }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

describe("the byte limit while streaming", () => {
  it("stops reading as soon as the count passes the limit", async () => {
    const chunk = 64 * 1024;
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += chunk;
        this.push(Buffer.alloc(chunk, 1));
      },
    });
    const maxBytes = 1024 * 1024;
    const error = await processImageUpload(endless, { maxBytes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect(error).toMatchObject({ statusCode: 413, code: "too_large", maxBytes });
    expect(endless.destroyed).toBe(true);
    // At most the limit, the chunk that crossed it and what the stream had buffered ahead.
    expect(pulled).toBeLessThanOrEqual(maxBytes + chunk + endless.readableHighWaterMark + chunk);
  });

  it("accepts exactly the limit and refuses one byte more", async () => {
    const input = await solid("png");
    await expect(readAtMost(streamOf(input, 7), input.length)).resolves.toEqual(input);
    await expect(readAtMost(streamOf(input, 7), input.length - 1)).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
  });

  it("refuses a stream that the multipart parser cut at its own limit", async () => {
    const input = await solid("png");
    const truncated = Object.assign(streamOf(input), { truncated: true });
    await expect(processImageUpload(truncated)).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it("turns the multipart parser's file-too-large error into ImageTooLargeError", async () => {
    const failing = new Readable({
      read() {
        this.destroy(
          Object.assign(new Error("request file too large"), {
            code: "FST_REQ_FILE_TOO_LARGE",
          }),
        );
      },
    });
    await expect(processImageUpload(failing)).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it("passes other stream errors on unchanged", async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(processImageUpload(failing)).rejects.toThrow("connection reset");
  });
});
