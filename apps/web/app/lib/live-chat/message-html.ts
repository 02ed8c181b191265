/**
 * Message HTML is sanitized by the server before it is stored, and again here before it is put in
 * the page: a bug or a bypass in one allowlist is not enough to run code in a visitor's browser or
 * an agent's console. The allowlist is the server's (`messageHtmlAllowlist` in the contract): text,
 * line breaks, basic emphasis, lists, quotes, code, links to http/https/mailto (opened in a new
 * tab, without referrer or opener), and images from our own uploads only. As on the server, text
 * loses direction overrides and a link's text cannot hide where it leads.
 */
import { messageHtmlAllowlist, uploadPathPrefix } from "@hourline/contracts/chat-message";
import { linkDestination, linkTextShowsDestination } from "@hourline/contracts/message-links";
import { hasFormatControl, stripDirectionOverrides } from "@hourline/contracts/text";
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
      if (!href || !/^(?:https?:|mailto:)/i.test(href) || hasFormatControl(href)) {
        node.removeAttribute("href");
      }
      node.setAttribute("rel", messageHtmlAllowlist.link.rel);
      node.setAttribute("target", messageHtmlAllowlist.link.target);
    } else if (node.nodeName === "IMG") {
      const src = node.getAttribute("src") ?? "";
      if (!isUploadSrc(src)) node.parentNode?.removeChild(node);
      else if (!node.getAttribute("alt")) node.setAttribute("alt", "Image sent in the chat");
    }
  });
  // Embeddings, overrides and isolates in text could reorder what is shown after the message.
  instance.addHook("uponSanitizeElement", (node) => {
    if (node.nodeType === Node.TEXT_NODE && node.nodeValue) {
      node.nodeValue = stripDirectionOverrides(node.nodeValue);
    }
  });
  purifier = instance;
  return instance;
}

/** Adds the destination to the text of every link whose text does not show it. */
function revealLinkDestinations(html: DocumentFragment): void {
  for (const link of html.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href") ?? "";
    const destination = linkDestination(href);
    if (destination && !linkTextShowsDestination(link.textContent ?? "", href, destination)) {
      link.append(` (${destination})`);
    }
  }
}

function escapeAll(html: string): string {
  return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Safe HTML for one message. Without a DOM (never in the browser) everything is escaped. */
export function sanitizeMessageHtml(html: string): string {
  if (typeof window === "undefined") return escapeAll(html);
  const instance = getPurifier();
  if (!instance.isSupported) return escapeAll(html);
  // DOMPurify answers null instead of a fragment when the parsed document has no body (a message
  // that starts with <frameset>, say); its types do not say so. Nothing of such a message is shown.
  const fragment: DocumentFragment | null = instance.sanitize(html, {
    ...config,
    RETURN_DOM_FRAGMENT: true,
  });
  if (!fragment) return "";
  revealLinkDestinations(fragment);
  const holder = document.createElement("div");
  holder.append(fragment);
  return holder.innerHTML;
}
