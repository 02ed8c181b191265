/**
 * A conversation's messages, oldest first, in a log that screen readers follow politely. The
 * visitor's on the left, support's on the right with the writing agent's name; this agent's own
 * replies show whether they are sending, sent or failed (with Retry). Every message's HTML is
 * sanitized again here before it is inserted, whatever the server stored.
 */
import { memo, useEffect, useRef } from "react";
import { isoTime } from "~/lib/live-chat/clock-time";
import { DeliveryState } from "~/lib/live-chat/delivery-state";
import { MessageBody } from "~/lib/live-chat/message-body";
import type { ThreadMessage } from "../model/console-threads";
import { shortDateTime } from "./time-labels";
import { PersonName } from "~/components/ui/person-name";

export function MessageThread({
  messages,
  meEmail,
  loading,
  onRetry,
}: {
  messages: ThreadMessage[];
  meEmail: string;
  loading: boolean;
  /** Absent once the chat has ended: a reply that failed can no longer be sent. */
  onRetry?: ((clientId: string) => void) | undefined;
}) {
  const list = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1);
  const newestKey = newest ? `${newest.key}:${newest.delivery}` : "";

  // The newest message in view when one arrives, and when an image above it has loaded.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestKey, messages.length]);
  useEffect(() => {
    const el = list.current;
    if (!el) return undefined;
    const onLoad = (event: Event) => {
      if ((event.target as Element).tagName === "IMG") el.scrollTop = el.scrollHeight;
    };
    el.addEventListener("load", onLoad, true);
    return () => el.removeEventListener("load", onLoad, true);
  }, []);

  return (
    <div
      ref={list}
      role="log"
      aria-label="Messages"
      // Scrollable, so it must be reachable with the keyboard.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      data-testid="console-messages"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 focus-visible:outline-offset-[-3px] sm:px-6"
    >
      {messages.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">
          {loading ? "Loading the conversation…" : "No messages yet."}
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((m) => (
            <MessageItem
              key={m.key}
              message={m}
              own={m.senderEmail === meEmail}
              onRetry={onRetry}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

const MessageItem = memo(function MessageItem({
  message,
  own,
  onRetry,
}: {
  message: ThreadMessage;
  own: boolean;
  onRetry: ((clientId: string) => void) | undefined;
}) {
  const fromSupport = message.from === "agent";
  return (
    <li
      className={`flex max-w-[85%] flex-col gap-1 ${fromSupport ? "items-end self-end" : "items-start self-start"}`}
      data-testid="console-message"
      data-from={message.from}
      data-delivery={message.delivery}
    >
      <p className="text-xs text-muted">
        <span className="font-semibold">
          {own ? "You" : <PersonName name={message.senderName} />}
        </span>
        <span aria-hidden="true"> · </span>
        <time dateTime={isoTime(message.createdAt)}>{shortDateTime(message.createdAt)}</time>
      </p>
      <MessageBody
        html={message.html}
        className={
          fromSupport
            ? "rounded-br-md bg-brand-strong text-on-brand [&_a]:text-on-brand [&_img]:max-w-[240px]"
            : "rounded-bl-md border border-line bg-surface text-ink [&_a]:text-brand [&_img]:max-w-[240px]"
        }
        testId="console-message-body"
      />
      {/* Sent is said only of replies written here; older ones simply are the history. */}
      {own && (message.id === null || message.clientId) ? (
        <DeliveryState message={message} onRetry={onRetry} />
      ) : null}
    </li>
  );
});
