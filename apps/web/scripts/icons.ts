/**
 * Build-time images: the favicon set, the web app manifest, and a 1200x630 social card for every
 * page, drawn from the page's title so each shared link looks intentional.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { brand } from "../app/brand";
import { socialCardPath } from "../app/seo";

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Greedy line breaking by character count; the card font is wide enough for ~26 per line. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

function cardSvg(title: string, kicker: string): string {
  const lines = wrap(title, 26);
  const tspans = lines
    .map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : 76}">${escapeXml(l)}</tspan>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#4338ca"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1060" cy="120" r="260" fill="#6366f1" opacity="0.35"/>
  <circle cx="1120" cy="560" r="160" fill="#f59e0b" opacity="0.25"/>
  <g transform="translate(80 70)"><circle cx="22" cy="22" r="22" fill="#fff"/><path d="M11 30 19 21l5.5 4.7L33 14" fill="none" stroke="#3730a3" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><circle cx="33" cy="14" r="3.4" fill="#f59e0b"/>
  <text x="62" y="32" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="30" fill="#fff">${escapeXml(brand.name)}</text></g>
  <text x="80" y="${300 - (lines.length - 1) * 30}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="64" fill="#fff">${tspans}</text>
  <text x="80" y="570" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#e0e7ff">${escapeXml(kicker)}</text>
</svg>`;
}

/** A PNG-in-ICO container, which every browser accepts for /favicon.ico. */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(png.length, 16);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

export async function writeIcons(
  clientDir: string,
  cards: { path: string; title: string }[],
): Promise<void> {
  const logo = readFileSync(join(clientDir, "favicon.svg"));
  const png = (size: number) =>
    sharp(logo, { density: 72 * (size / 32) })
      .resize(size, size)
      .png()
      .toBuffer();
  writeFileSync(join(clientDir, "favicon.ico"), icoFromPng(await png(32), 32));
  writeFileSync(join(clientDir, "apple-touch-icon.png"), await png(180));
  writeFileSync(join(clientDir, "icon-192.png"), await png(192));
  writeFileSync(join(clientDir, "icon-512.png"), await png(512));
  writeFileSync(
    join(clientDir, "site.webmanifest"),
    JSON.stringify(
      {
        name: brand.name,
        short_name: brand.name,
        description: brand.tagline,
        start_url: "/",
        display: "standalone",
        background_color: "#fbfaf7",
        theme_color: "#3730a3",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        ],
      },
      null,
      2,
    ),
  );

  mkdirSync(join(clientDir, "social"), { recursive: true });
  await Promise.all(
    cards.map(async ({ path, title }) => {
      const out = join(clientDir, socialCardPath(path).slice(1));
      await sharp(Buffer.from(cardSvg(title, brand.tagline)))
        .png({ compressionLevel: 9, palette: true })
        .toFile(out);
    }),
  );
}
