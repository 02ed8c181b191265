/**
 * Chat messages are HTML, sanitized with an allowlist before they are stored and again
 * when the widget or the console renders them. This module is the server's side: sanitize-html
 * (htmlparser2 underneath) with the allowlist below, plus the plain-text view mails use and the
 * blank check that refuses messages with nothing visible in them.
 *
 * What the output can hold, and nothing else:
 * - text, with `& < > " '` escaped (the same escaping as textToMessageHtml, so typed text passes
 *   through unchanged);
 * - the tags of `messageHtmlPolicy.allowedTags`, with no attributes at all, except
 * - `<a href>` with an absolute http:, https: or mailto: URL (after entity decoding and trimming;
 *   no relative or protocol-relative URL, no control character or space inside it), always with
 *   `rel="noopener noreferrer nofollow"` and `target="_blank"`; a link whose URL fails keeps its
 *   text and loses the tag;
 * - `<img>` whose src is exactly one of our uploads, `/api/support/uploads/<name>` (also accepted
 *   with the public origin in front; stored without it), with only src, alt, width and height;
 *   any other image is removed.
 * Elements that hold code or another language (script, style, svg, math, template, iframe, object,
 * noscript, textarea, ...) are removed with everything inside them; other unknown tags are removed
 * and their text kept. Comments, CDATA and processing instructions are dropped. Nesting deeper than
 * `messageHtmlPolicy.nestingLimit` keeps its text and loses its tags.
 *
 * The tags, attributes and link attributes come from `messageHtmlAllowlist` in the contract, which
 * the widget's DOMPurify setup (apps/web) uses too. Its URL rules should follow these:
 *   ALLOWED_TAGS = messageHtmlPolicy.allowedTags; ALLOWED_ATTR = ["href", "src", "alt", "width",
 *   "height", "rel", "target"]; ALLOW_DATA_ATTR = false; ALLOW_ARIA_ATTR = false;
 *   ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|\/api\/support\/uploads\/)/i;
 *   FORBID_CONTENTS += messageHtmlPolicy.discardWithContent; SAFE_FOR_TEMPLATES = false;
 *   RETURN_TRUSTED_TYPE as the page needs; and two hooks:
 *   - uponSanitizeAttribute: drop href unless the tag is `a` and the value matches
 *     `messageHtmlPolicy.linkHref`; drop src unless the tag is `img` and `ownUploadPath` (same rule:
 *     prefix + `messageHtmlPolicy.uploadNamePattern`) accepts it; drop width/height unless 1-4 digits;
 *   - afterSanitizeAttributes: on `a` set rel/target from `messageHtmlPolicy.link`, and unwrap an
 *     `a` without href; remove an `img` without src.
 */
import {
  linkInvisibles,
  messageHtmlAllowlist,
  uploadPathPrefix,
} from "@hourline/contracts/chat-message";
import { stripDirectionOverrides, trimEndWhere } from "@hourline/contracts/text";
import { linkDestination, linkTextShowsDestination } from "@hourline/contracts/message-links";
import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { isUploadName, uploadNamePattern } from "./upload-name";

/** The allowlist, exported so tests and the web widget's DOMPurify setup can mirror it. */
export const messageHtmlPolicy = {
  allowedTags: messageHtmlAllowlist.tags,
  /** Per tag; every other tag has none. rel and target of links are set by the server, not kept. */
  allowedAttributes: messageHtmlAllowlist.attributes,
  allowedSchemes: ["http", "https", "mailto"],
  /** What every link gets, whatever it had. */
  link: messageHtmlAllowlist.link,
  /**
   * A link's URL, trimmed: absolute http(s) or mailto, nothing invisible or blank inside it (no
   * control, no space, no bidirectional or zero-width character that could disguise it).
   */
  linkHref: new RegExp(`^(?:https?://|mailto:)[^\\s${linkInvisibles}]+$`, "i"),
  uploadPathPrefix,
  uploadNamePattern,
  /** width and height of an image: a plain number of pixels. */
  dimension: /^[1-9]\d{0,3}$/,
  altMaxLength: 300,
  /** Removed together with everything inside them. */
  discardWithContent: [
    "script",
    "style",
    "template",
    "svg",
    "math",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "noscript",
    "noembed",
    "noframes",
    "textarea",
    "xmp",
    "plaintext",
    "title",
    "head",
    "select",
    "option",
    "optgroup",
    "datalist",
    "audio",
    "video",
    "canvas",
    "portal",
    "fencedframe",
  ],
  nestingLimit: 32,
} as const;

export interface MessageHtmlOptions {
  /** PUBLIC_URL: an image src may carry this origin in front of the upload path. */
  publicUrl?: string | undefined;
}

/** The upload path an image src names, if it names exactly one of our uploads; otherwise undefined. */
export function ownUploadPath(src: string | undefined, publicUrl?: string): string | undefined {
  if (src === undefined) return undefined;
  let path = src;
  if (publicUrl) {
    const origin = new URL(publicUrl).origin;
    if (src.startsWith(`${origin}${uploadPathPrefix}`)) path = src.slice(origin.length);
  }
  if (!path.startsWith(uploadPathPrefix)) return undefined;
  return isUploadName(path.slice(uploadPathPrefix.length)) ? path : undefined;
}

function allowedHref(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const href = value.trim();
  return messageHtmlPolicy.linkHref.test(href) ? href : undefined;
}

const optionsCache = new Map<string, sanitizeHtml.IOptions>();

/** The sanitize-html options of the policy (exported for tests and for reading, not for tweaking). */
export function messageSanitizeOptions(publicUrl?: string): sanitizeHtml.IOptions {
  const key = publicUrl ?? "";
  const cached = optionsCache.get(key);
  if (cached) return cached;
  const policy = messageHtmlPolicy;
  const options: sanitizeHtml.IOptions = {
    allowedTags: [...policy.allowedTags],
    allowedAttributes: {
      a: [...policy.allowedAttributes.a],
      img: [...policy.allowedAttributes.img],
    },
    allowedClasses: {},
    allowedStyles: {},
    allowedSchemes: [...policy.allowedSchemes],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ["href", "src", "cite", "action", "formaction"],
    allowProtocolRelative: false,
    allowVulnerableTags: false,
    disallowedTagsMode: "discard",
    nonTextTags: [...policy.discardWithContent],
    nestingLimit: policy.nestingLimit,
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    selfClosing: ["img", "br"],
    parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    transformTags: {
      a: (tagName, attribs) => {
        const href = allowedHref(attribs.href);
        return { tagName, attribs: href ? { href, ...policy.link } : {} };
      },
      img: (tagName, attribs) => {
        const out: Record<string, string> = {};
        const src = ownUploadPath(attribs.src, publicUrl);
        if (src) out.src = src;
        if (attribs.alt !== undefined) out.alt = attribs.alt.slice(0, policy.altMaxLength);
        for (const name of ["width", "height"] as const) {
          const value = attribs[name];
          if (value !== undefined && policy.dimension.test(value)) out[name] = value;
        }
        return { tagName, attribs: out };
      },
    },
    // A link that lost its URL keeps its text; an image that lost its source goes.
    exclusiveFilter: (frame) => {
      if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
      if (frame.tag === "img" && !frame.attribs.src) return true;
      return false;
    },
    // sanitize-html escapes & < >; quotes too, as textToMessageHtml does, so its output is stable.
    // Embeddings, overrides and isolates could reorder whatever is shown after the message.
    textFilter: (text) =>
      stripDirectionOverrides(text).replace(/"/g, "&quot;").replace(/'/g, "&#39;"),
  };
  optionsCache.set(key, options);
  return options;
}

/**
 * Whether the HTML holds something other than typed text as textToMessageHtml writes it: text
 * needing no escape, the five escapes and `<br>`. Each alternative looks at one position (no
 * nested repetition), so the test is linear in the message's length.
 */
const beyondTypedText =
  /(?<!<br)>|<(?!br>)|&(?!(?:amp|lt|gt|quot|#39);)|["'\0\u202a-\u202e\u2066-\u2069]/;

/**
 * The message HTML with everything outside the allowlist removed. The result is stable:
 * sanitizing it again gives it back unchanged, and textToMessageHtml output comes back as it was.
 *
 * Typed text (what the widget and the console send for almost every message) is already what the
 * sanitizer would write, so it is returned as it is without being parsed; the property tests hold
 * the shortcut to the full path's output. Parsing was the largest part of a visitor message's own
 * work after the database.
 */
export function sanitizeMessageHtml(html: string, options: MessageHtmlOptions = {}): string {
  return isTypedTextHtml(html) ? html : sanitizeParsedMessageHtml(html, options);
}

/** Whether the HTML is typed text only (see beyondTypedText): the sanitizer would not change it. */
export function isTypedTextHtml(html: string): boolean {
  return !beyondTypedText.test(html);
}

/**
 * sanitizeMessageHtml without its typed-text shortcut: every message parsed and written again
 * (exported for the tests that hold the shortcut to it).
 */
export function sanitizeParsedMessageHtml(html: string, options: MessageHtmlOptions = {}): string {
  // NUL has no business in a message; browsers and parsers disagree about it, so it goes first.
  const input = html.replace(/\0/g, "");
  const clean = sanitizeHtml(input, messageSanitizeOptions(options.publicUrl));
  // `<br />` and `<img ... />` are written as HTML writes them. Text and attribute values have every
  // `<`, `>` and `"` escaped, so each `<` here opens a tag sanitize-html wrote.
  const written = clean.replace(/<(br|img)((?: [a-z]+(?:="[^"]*")?)*) \/>/g, "<$1$2>");
  return written.includes("<a ") ? revealLinkHosts(written) : written;
}

/**
 * A link's text cannot hide where it leads: `<a href="https://evil.example">bank.example/pay</a>`
 * becomes `bank.example/pay (evil.example)`. Runs on sanitized HTML (every `<` opens a tag the
 * sanitizer wrote), adding text at the end of each link that needs it; the result is stable.
 */
function revealLinkHosts(clean: string): string {
  const open: { href: string; text: string }[] = [];
  const inserts: { at: number; text: string }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "a") open.push({ href: attribs.href ?? "", text: "" });
      },
      ontext(text) {
        for (const link of open) link.text += text;
      },
      onclosetag(name) {
        if (name !== "a") return;
        const link = open.pop();
        const destination = link && linkDestination(link.href);
        if (!link || !destination || linkTextShowsDestination(link.text, link.href, destination))
          return;
        inserts.push({ at: parser.startIndex, text: ` (${escapeText(destination)})` });
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(clean);
  parser.end();
  if (inserts.length === 0) return clean;
  let out = "";
  let from = 0;
  for (const insert of inserts.sort((a, b) => a.at - b.at)) {
    out += clean.slice(from, insert.at) + insert.text;
    from = insert.at;
  }
  return out + clean.slice(from);
}

/** Text escaped as the sanitizer escapes it. */
function escapeText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// ---------------------------------------------------------------------------------------------
// Plain text

const blockTags = new Set(["p", "div", "blockquote", "pre", "ul", "ol", "li"]);
// Characters that show nothing: whitespace (\s covers NBSP and the Unicode spaces) and the
// zero-width ones.
const invisible =
  /[\s\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\uffa0]/g;

interface WalkCallbacks {
  onopentag?(name: string, attribs: Record<string, string>): void;
  ontext?(text: string): void;
  onclosetag?(name: string): void;
}

function walk(html: string, callbacks: WalkCallbacks): void {
  const parser = new Parser(callbacks, { decodeEntities: true, lowerCaseTags: true });
  parser.write(html);
  parser.end();
}

export interface MessageTextOptions extends MessageHtmlOptions {
  /** How an image appears in the text; `[alt]` (or `[Image]`) by default. */
  imageText?: (image: { src: string; alt: string }) => string;
  /**
   * The HTML is a stored message, sanitized when it was written: it is not sanitized again,
   * which halves the work of a transcript (the sanitizer is the costly part).
   */
  stored?: boolean;
}

/**
 * The message as plain text, for e-mails: tags removed, entities decoded, `<br>` and block ends
 * become line breaks, list items start with "- ", a link's URL follows its text when they differ.
 */
export function messageHtmlToText(html: string, options: MessageTextOptions = {}): string {
  const clean = options.stored ? html : sanitizeMessageHtml(html, options);
  let out = "";
  let preDepth = 0;
  const links: { start: number; href: string }[] = [];
  const newline = () => {
    if (out !== "" && !out.endsWith("\n")) out += "\n";
  };
  walk(clean, {
    onopentag(name, attribs) {
      if (name === "br") out += "\n";
      else if (name === "img") {
        const alt = (attribs.alt ?? "").trim();
        out += options.imageText
          ? options.imageText({ src: attribs.src ?? "", alt })
          : `[${alt || "Image"}]`;
      } else if (name === "a") links.push({ start: out.length, href: attribs.href ?? "" });
      else if (blockTags.has(name)) {
        newline();
        if (name === "pre") preDepth++;
        if (name === "li") out += "- ";
      }
    },
    ontext(text) {
      // Outside <pre>, whitespace is shown as the page shows it: a run of it is one space.
      out += preDepth > 0 ? text : collapseWhitespace(text);
    },
    onclosetag(name) {
      if (name === "a") {
        const link = links.pop();
        if (!link || !link.href) return;
        const label = out.slice(link.start).trim();
        const bare = link.href.replace(/^mailto:/i, "");
        if (label === link.href || label === bare) return;
        // The URL follows in full, so the host the sanitizer added to the text is not repeated.
        const destination = linkDestination(link.href);
        const shown = destination ? ` (${destination})` : "";
        if (shown && out.endsWith(shown)) out = out.slice(0, out.length - shown.length);
        out += ` <${link.href}>`;
      } else if (blockTags.has(name)) {
        if (name === "pre") preDepth = Math.max(0, preDepth - 1);
        newline();
      }
    },
  });
  return tidyLines(out);
}

// The text helpers below scan each character a bounded number of times. Regular expressions such
// as /[ \t]*\n+[ \t]*/ or /[ \t]+$/ look similar but retry from every position of a long run of
// spaces, which took seconds on a message of 20,000 spaces and froze the server meanwhile.

const isSpaceOrTab = (char: string) => char === " " || char === "\t";

/** Each run of spaces, tabs and line breaks becomes one space, as HTML shows text. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\t\n\f\r ]+/g, " ");
}

/**
 * Lines without trailing spaces or tabs, at most one empty line in a row, and no empty line at
 * the start or the end.
 */
export function tidyLines(text: string): string {
  const lines: string[] = [];
  let pendingBlank = false;
  for (const raw of text.split("\n")) {
    const line = trimEndWhere(raw, isSpaceOrTab);
    if (line === "") {
      pendingBlank = lines.length > 0;
      continue;
    }
    if (pendingBlank) lines.push("");
    pendingBlank = false;
    lines.push(line);
  }
  return lines.join("\n");
}

/** What storing a sanitized message needs to know of it, from one pass over its HTML. */
export interface CleanMessageFacts {
  /** Nothing visible in it: no visible character and no image. */
  blank: boolean;
  /** The `src` of every image, in order. */
  images: string[];
  /** How many characters of text it shows (entities decoded, tags not counted). */
  textLength: number;
}

/**
 * The blank check and the image sources of HTML that sanitizeMessageHtml wrote, in one parse (the
 * chat stores every message after asking both, and parsing was a fair share of its work).
 */
export function cleanMessageFacts(cleanHtml: string): CleanMessageFacts {
  // Without a `<` there is no tag, and without `&` no entity hiding a visible character.
  if (!cleanHtml.includes("<") && !cleanHtml.includes("&")) {
    return {
      blank: cleanHtml.replace(invisible, "") === "",
      images: [],
      textLength: cleanHtml.length,
    };
  }
  const facts: CleanMessageFacts = { blank: true, images: [], textLength: 0 };
  walk(cleanHtml, {
    onopentag(name, attribs) {
      if (name !== "img") return;
      facts.blank = false;
      if (attribs.src) facts.images.push(attribs.src);
    },
    ontext(text) {
      facts.textLength += text.length;
      if (facts.blank && text.replace(invisible, "") !== "") facts.blank = false;
    },
  });
  return facts;
}

/** The `src` of every image in sanitized message HTML, in order. */
export function messageImageSources(cleanHtml: string): string[] {
  return cleanMessageFacts(cleanHtml).images;
}

/** True when the sanitized message would show nothing: no visible character and no image. */
export function isBlankMessageHtml(html: string, options: MessageHtmlOptions = {}): boolean {
  return cleanMessageFacts(sanitizeMessageHtml(html, options)).blank;
}
