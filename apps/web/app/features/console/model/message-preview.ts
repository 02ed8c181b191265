/**
 * A message as one line of plain text, for list previews, notifications and the tab title. The
 * HTML is parsed inertly (DOMParser runs no scripts and loads no images) and only its text is kept,
 * so nothing from a visitor is ever rendered as markup here.
 */
import type { MsgType } from "@hourline/contracts/chat-message";

const MAX = 140;

export function messagePreview(html: string, msgType: MsgType): string {
  if (msgType === "image") return "Sent an image";
  // Line breaks and the ends of paragraphs and list items part words, as they do on screen.
  const spaced = html.replace(/<br\s*\/?>/gi, " ").replace(/<\/(?:p|li|blockquote|pre)>/gi, "$& ");
  let text: string;
  if (typeof DOMParser === "undefined") {
    text = spaced.replace(/<[^<>]*>/g, " ");
  } else {
    text = new DOMParser().parseFromString(spaced, "text/html").body.textContent ?? "";
  }
  const line = text.replace(/\s+/g, " ").trim();
  // Counted in characters, not UTF-16 units, so an emoji is never cut in half.
  const chars = Array.from(line);
  return chars.length > MAX ? `${chars.slice(0, MAX - 1).join("")}…` : line;
}
