/**
 * A chat's messages, in the widget and in the console: a log that screen readers follow politely,
 * reachable with the keyboard because it scrolls, kept at its newest message when one arrives and
 * when an image above it has loaded. Each message shows who wrote it and when, its body, and, under
 * one this side wrote, how its delivery goes. Each client says where it stands and how it looks.
 */
import { memo, useEffect, useRef, type ReactNode } from "react";
import { PersonName } from "~/components/ui/person-name";
import { isoTime } from "./clock-time";
import { DeliveryState, englishDeliveryWords, type DeliveryWords } from "./delivery-state";
import type { LiveMessage } from "./live-messages";
import { MessageBody } from "./message-body";

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function MessageLog({
  messages,
  testId,
  className,
  empty,
  smoothAfterMs,
  live = true,
  label = "Messages",
  children,
}: {
  /** The log's accessible name. */
  label?: string;
  messages: readonly LiveMessage[];
  testId: string;
  className: string;
  /** What the log says while there is no message. */
  empty: ReactNode;
  /** Scroll smoothly (unless reduced motion is asked for) this long after a message; else at once. */
  smoothAfterMs?: number;
  /**
   * Whether screen readers follow the log by themselves (a log is a polite live region); false
   * where the client announces new messages its own way.
   */
  live?: boolean;
  /** The messages' items. */
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1);
  const newestKey = newest ? `${newest.key}:${newest.delivery}` : "";

  useEffect(() => {
    const toNewest = () => {
      const el = list.current;
      if (!el) return;
      if (smoothAfterMs === undefined) el.scrollTop = el.scrollHeight;
      else
        el.scrollTo({ top: el.scrollHeight, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    };
    if (smoothAfterMs === undefined) return toNewest();
    const timer = window.setTimeout(toNewest, smoothAfterMs);
    return () => window.clearTimeout(timer);
  }, [newestKey, messages.length, smoothAfterMs]);

  // An image grows the log when it has loaded; keep the newest message in view.
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
      aria-label={label}
      aria-live={live ? undefined : "off"}
      // Scrollable, so it must be reachable with the keyboard.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      data-testid={testId}
      className={className}
    >
      {messages.length === 0 ? empty : <ol className="flex flex-col gap-3">{children}</ol>}
    </div>
  );
}

/** The words of a message item: English in the console; the widget passes its language's. */
export interface MessageWords {
  you: string;
  delivery: DeliveryWords;
}

const messageWordsInEnglish: MessageWords = { you: "You", delivery: englishDeliveryWords };

export const MessageItem = memo(function MessageItem({
  message,
  own,
  onRight,
  formatTime,
  bodyClassName,
  testId,
  showDelivery,
  onRetry,
  words = messageWordsInEnglish,
}: {
  message: LiveMessage;
  /** Written here (by this visitor, or this agent): labelled "You". */
  own: boolean;
  /** Drawn on the right, where this side's messages are. */
  onRight: boolean;
  /** How this client writes the time a message was written. */
  formatTime: (time: number) => string;
  /** Colours, corner and image width of the bubble. */
  bodyClassName: string;
  /** The item's test id; its body's is the same with "-body". */
  testId: string;
  /** Say under it whether it was sent (with Retry when it failed). */
  showDelivery: boolean;
  /** Absent once the chat has ended: nothing can be sent again then. */
  onRetry: ((clientId: string) => void) | undefined;
  /** What the item says: "You" and its delivery. One object per language, so memo holds. */
  words?: MessageWords;
}) {
  return (
    <li
      className={`flex max-w-[85%] flex-col gap-1 ${onRight ? "items-end self-end" : "items-start self-start"}`}
      data-testid={testId}
      data-from={message.from}
      data-delivery={message.delivery}
    >
      <p className="text-xs text-muted">
        <span className="font-semibold">
          {own ? words.you : <PersonName name={message.senderName} />}
        </span>
        <span aria-hidden="true"> · </span>
        <time dateTime={isoTime(message.createdAt)}>{formatTime(message.createdAt)}</time>
      </p>
      <MessageBody html={message.html} className={bodyClassName} testId={`${testId}-body`} />
      {showDelivery ? (
        <DeliveryState message={message} onRetry={onRetry} words={words.delivery} />
      ) : null}
    </li>
  );
});
