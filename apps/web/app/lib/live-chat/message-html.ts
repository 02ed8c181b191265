/**
 * Message HTML is sanitized by the server before it is stored, and again here before it is put in
 * the page: a bug or a bypass in one allowlist is not enough to run code in a visitor's browser or
 * an agent's console. The allowlist is the server's (`messageHtmlAllowlist` in the contract): text,
 * line breaks, basic emphasis, lists, quotes, code, links to http/https/mailto (opened in a new
 * tab, without referrer or opener), and images from our own uploads only.
 */
import { messageHtmlAllowlist, uploadPathPrefix } from "@hourline/contracts/chat";
import DOMPurify, { type Config } from "dompurify";

const config: Config = {
  ALLOWED_TAGS: [...messageHtmlAllowlist.tags],
  ALLOWED_ATTR: [...messageHtmlAllowlist.attributes.a, ...messageHtmlAllowlist.attributes.img],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** An uploaded image's own path: no other host, no way out of the uploads folder. */
const UPLOAD_SRC = new RegExp(
  `^${uploadPathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[A-Za-z0-9_-][A-Za-z0-9._-]*$`,
);

export function isUploadSrc(src: string): boolean {
  return UPLOAD_SRC.test(src) && !src.includes("..");
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  // DOMPurify's own URI check lets relative and tel: links through; ours is narrower.
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName === "A") {
      const href = node.getAttribute("href");
      if (!href || !/^(?:https?:|mailto:)/i.test(href)) node.removeAttribute("href");
      node.setAttribute("rel", messageHtmlAllowlist.link.rel);
      node.setAttribute("target", messageHtmlAllowlist.link.target);
    } else if (node.nodeName === "IMG") {
      const src = node.getAttribute("src") ?? "";
      if (!isUploadSrc(src)) node.parentNode?.removeChild(node);
      else if (!node.getAttribute("alt")) node.setAttribute("alt", "Image sent in the chat");
    }
  });
  purifier = instance;
  return instance;
}

function escapeAll(html: string): string {
  return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Safe HTML for one message. Without a DOM (never in the browser) everything is escaped. */
export function sanitizeMessageHtml(html: string): string {
  if (typeof window === "undefined") return escapeAll(html);
  const instance = getPurifier();
  if (!instance.isSupported) return escapeAll(html);
  return instance.sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false });
}
