/**
 * A chat message's HTML on the page, in the widget and in the console: the one place message HTML
 * is inserted, always through the second sanitizer (message-html.ts; the server sanitized it
 * before storing), so nothing a visitor or a compromised server sends can run.
 */
import { useMemo } from "react";
import { sanitizeMessageHtml } from "./message-html";

const base =
  "rounded-2xl px-3.5 py-2 break-words [&_a]:underline [&_blockquote]:border-s-2 " +
  "[&_blockquote]:ps-2 [&_img]:h-auto [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:ps-5 " +
  "[&_pre]:overflow-x-auto [&_pre]:whitespace-pre-wrap [&_ul]:list-disc [&_ul]:ps-5";

export function MessageBody({
  html,
  className,
  testId,
}: {
  html: string;
  /** Colours, corner and image width of this side of the conversation. */
  className: string;
  testId: string;
}) {
  const safe = useMemo(() => sanitizeMessageHtml(html), [html]);
  return (
    <div
      // A message takes the direction of its own first strong letter: Arabic written into an
      // English chat (or English into an Arabic one) reads in its own order.
      dir="auto"
      className={`${base} ${className}`}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
