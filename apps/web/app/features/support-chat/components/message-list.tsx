/**
 * The conversation: a log that screen readers follow politely, at most 400 px high,
 * scrolled to the newest message 100 ms after one arrives (smoothly unless reduced motion is
 * asked for). Every message's HTML is sanitized again before it is inserted.
 */
import { memo, useEffect, useRef } from "react";
import { brand } from "~/brand";
import type { ShownMessage } from "../model/chat-state";
import { DeliveryState } from "~/lib/live-chat/delivery-state";
import { MessageBody } from "~/lib/live-chat/message-body";
import { formatClockTime, isoTime } from "~/lib/live-chat/clock-time";
import { PersonName } from "~/components/ui/person-name";

/** The list scrolls to the bottom this long after a message. */
export const SCROLL_DELAY_MS = 100;

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function MessageList({
  messages,
  onRetry,
}: {
  messages: ShownMessage[];
  /** Absent once the chat has ended: nothing can be sent again then. */
  onRetry?: ((clientId: string) => void) | undefined;
}) {
  const list = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1);
  const newestKey = newest ? `${newest.key}:${newest.delivery}` : "";

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const el = list.current;
      el?.scrollTo({
        top: el.scrollHeight,
        behavior: prefersReducedMotion() ? "auto" : "smooth",
      });
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [newestKey, messages.length]);

  // An image grows the list when it has loaded; keep the newest message in view if it was.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const onLoad = (event: Event) => {
      if ((event.target as Element).tagName !== "IMG") return;
      el.scrollTo({ top: el.scrollHeight });
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
      data-testid="chat-messages"
      className="max-h-[400px] min-h-40 overflow-y-auto overscroll-contain px-4 py-3 focus-visible:outline-offset-[-3px]"
    >
      {messages.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">
          Say hello and tell us what you need. A member of the {brand.name} team answers here.
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((m) => (
            <MessageItem key={m.key} message={m} onRetry={onRetry} />
          ))}
        </ol>
      )}
    </div>
  );
}

const MessageItem = memo(function MessageItem({
  message,
  onRetry,
}: {
  message: ShownMessage;
  onRetry: ((clientId: string) => void) | undefined;
}) {
  const own = message.from === "visitor";
  return (
    <li
      className={`flex max-w-[85%] flex-col gap-1 ${own ? "items-end self-end" : "items-start self-start"}`}
      data-testid="chat-message"
      data-from={message.from}
      data-delivery={message.delivery}
    >
      <p className="text-xs text-muted">
        <span className="font-semibold">
          {own ? "You" : <PersonName name={message.senderName} />}
        </span>
        <span aria-hidden="true"> · </span>
        <time dateTime={isoTime(message.createdAt)}>{formatClockTime(message.createdAt)}</time>
      </p>
      <MessageBody
        html={message.html}
        className={
          own
            ? "rounded-br-md bg-brand-strong text-on-brand [&_a]:text-on-brand [&_img]:max-w-[200px]"
            : "rounded-bl-md bg-sunken text-ink [&_a]:text-brand [&_img]:max-w-[200px]"
        }
        testId="chat-message-body"
      />
      {own ? <DeliveryState message={message} onRetry={onRetry} /> : null}
    </li>
  );
});
