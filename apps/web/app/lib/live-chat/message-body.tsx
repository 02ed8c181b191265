/**
 * A chat message's HTML on the page, in the widget and in the console: the one place message HTML
 * is inserted, always through the second sanitizer (message-html.ts; the server sanitized it
 * before storing), so nothing a visitor or a compromised server sends can run.
 */
import { useMemo } from "react";
import { sanitizeMessageHtml } from "./message-html";

const base =
  "rounded-2xl px-3.5 py-2 break-words [&_a]:underline [&_blockquote]:border-l-2 " +
  "[&_blockquote]:pl-2 [&_img]:h-auto [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-5 " +
  "[&_pre]:overflow-x-auto [&_pre]:whitespace-pre-wrap [&_ul]:list-disc [&_ul]:pl-5";

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
      className={`${base} ${className}`}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
