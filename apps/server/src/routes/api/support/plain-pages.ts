/**
 * The frame of the small self-contained pages the chat rating link answers with (rating-pages.ts):
 * one inline stylesheet allowed by its hash, so they need no web build. (The contact form posted
 * without JavaScript is answered with the site's own pages: site/contact-form-pages.ts.)
 */
import { createHash } from "node:crypto";
import {
  chatLanguageDirection,
  defaultChatLanguage,
  type ChatLanguage,
} from "@hourline/contracts/chat-languages";
import { escapeHtml } from "@hourline/contracts/escape-html";
import { brandName } from "../../../mail/brand-sender";

const STYLE = `
:root{color-scheme:light dark;--ink:#161826;--muted:#4d5366;--line:#e3e0d8;--brand:#3730a3;--canvas:#fbfaf7;--surface:#fff;--danger:#b91c1c}
@media (prefers-color-scheme:dark){:root{--ink:#eef0f7;--muted:#a9afc4;--line:#2a2f45;--brand:#a5b4fc;--canvas:#0d0f17;--surface:#151826;--danger:#fca5a5}}
*{box-sizing:border-box}
body{margin:0;background:var(--canvas);color:var(--ink);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header,main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
header a{font-weight:700;font-size:1.25rem;color:var(--ink);text-decoration:none}
h1{font-size:2rem;line-height:1.2;margin:1rem 0}
a{color:var(--brand)}
.summary{border:2px solid var(--danger);border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1.5rem}
.summary h2{font-size:1.125rem;margin:0 0 .5rem}
.field{margin:0 0 1.25rem}
label{display:block;font-weight:600}
.hint{margin:.125rem 0 .375rem;color:var(--muted);font-size:.9375rem}
.error{margin:.375rem 0 0;color:var(--danger);font-weight:600}
input,textarea{width:100%;font:inherit;color:inherit;background:var(--surface);border:1px solid var(--muted);border-radius:.5rem;padding:.625rem .75rem}
[aria-invalid=true]{border:2px solid var(--danger)}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{font:inherit;font-weight:600;color:#fff;background:#3730a3;border:0;border-radius:999px;padding:.75rem 1.5rem;cursor:pointer}
fieldset{border:0;padding:0;margin:0 0 1.25rem}
legend{font-weight:600;margin:0 0 .5rem}
.choice{display:flex;gap:.625rem;align-items:center;font-weight:400;margin:.25rem 0}
.choice input{width:auto;accent-color:#3730a3}
`;

const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;

/** The pages' own policy: nothing runs, only their stylesheet applies, forms post to us. */
export const contactPageCsp = [
  "default-src 'none'",
  `style-src '${STYLE_HASH}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** A page in `language`: `lang` and `dir` (right to left for Arabic and Hebrew) on <html>. */
export function page(
  title: string,
  body: string,
  language: ChatLanguage = defaultChatLanguage,
): string {
  return `<!doctype html>
<html lang="${language}" dir="${chatLanguageDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} | ${brandName}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${escapeHtml(brandName)}</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}
