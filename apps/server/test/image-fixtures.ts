/**
 * Images for the upload tests, made in code (sharp, or PNG chunks written by hand) so no binary file
 * is kept in git: ordinary images of each allowed type, images carrying metadata that must not
 * survive, and hostile files (SVG, HTML, polyglots, a damaged JPEG, decompression bombs).
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

const colour = { r: 200, g: 40, b: 90 };

export function solid(
  format: "png" | "jpeg" | "gif" | "webp",
  width = 40,
  height = 20,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A two-frame animation (red, then blue), 40 x 20 per frame. */
export async function animated(format: "gif" | "webp"): Promise<Buffer> {
  const frame = (background: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 40, height: 20, channels: 3, background } })
      .png()
      .toBuffer();
  const frames = [await frame({ r: 255, g: 0, b: 0 }), await frame({ r: 0, g: 0, b: 255 })];
  const joined = sharp(frames, { join: { animated: true } });
  return format === "gif"
    ? joined.gif({ delay: [100, 200], loop: 0 }).toBuffer()
    : joined.webp({ delay: [100, 200], loop: 0 }).toBuffer();
}

export const exifSecrets = { copyright: "Secret Owner 4711", make: "SpyCam 3000" };

/**
 * A 40 x 20 JPEG whose EXIF says "rotate 90° clockwise" (orientation 6) and holds a camera, an
 * owner and a GPS position.
 */
export function jpegWithExifAndGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Copyright: exifSecrets.copyright, Make: exifSecrets.make },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 2612/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 3960/100",
        },
      },
    })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// PNG written chunk by chunk

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Splits a PNG into its chunks (type and whole chunk bytes). */
export function pngChunks(png: Buffer): { type: string; bytes: Buffer }[] {
  const chunks: { type: string; bytes: Buffer }[] = [];
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    chunks.push({ type, bytes: png.subarray(offset, offset + 12 + length) });
    offset += 12 + length;
  }
  return chunks;
}

export const pngTextSecret = "Author: Secret Owner 4711 <script>alert(1)</script>";

/** A valid PNG with a tEXt chunk (and an iTXt one) right after IHDR. */
export async function pngWithTextChunk(): Promise<Buffer> {
  const png = await solid("png");
  const [ihdr, ...rest] = pngChunks(png);
  if (!ihdr) throw new Error("no IHDR");
  const text = pngChunk("tEXt", Buffer.from(`Comment\0${pngTextSecret}`, "latin1"));
  const itxt = pngChunk("iTXt", Buffer.from(`Author\0\0\0\0\0${pngTextSecret}`, "utf8"));
  return Buffer.concat([pngSignature, ihdr.bytes, text, itxt, ...rest.map((c) => c.bytes)]);
}

/**
 * A PNG of a few hundred bytes whose header declares `width` x `height` RGB pixels; the data is a
 * compressed run of zeros far shorter than the image.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    pngSignature,
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A real decompression bomb: a single-colour 10,000 x 10,000 PNG (100 million pixels, 300 MB
 * decoded) that compresses to about 300 KB. Takes sharp a few seconds to make.
 */
export function pngBomb(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Files that are not images, or not only images

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
    "<script>alert(document.domain)</script><rect width='10' height='10'/></svg>",
);

export const svgWithProlog = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

export const htmlPage = Buffer.from(
  "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>",
);

export const polyglotScript = "<html><script>alert(document.domain)</script></html>";

/** The PNG signature, then HTML: no valid chunk at all. */
export const pngSignatureThenHtml = Buffer.concat([pngSignature, Buffer.from(polyglotScript)]);

/** A valid PNG with HTML after IEND: decodes fine; the HTML must not be stored. */
export async function pngThenHtml(): Promise<Buffer> {
  return Buffer.concat([await solid("png"), Buffer.from(polyglotScript)]);
}

/** A valid GIF whose trailing bytes are JavaScript (a GIFAR-style polyglot). */
export async function gifThenScript(): Promise<Buffer> {
  return Buffer.concat([await solid("gif"), Buffer.from("*/=alert(1);//" + polyglotScript)]);
}

/** JPEG magic bytes, then garbage. */
export const jpegMagicThenGarbage = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0 this is not a JPEG at all ".repeat(40)),
]);

export const pdfDocument = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF",
);
