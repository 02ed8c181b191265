/**
 * The conversation: the visitor's messages on the right (with how their delivery goes), support's
 * on the left, in a log that takes the panel's free height (the one scrolling region of the chat)
 * and scrolls smoothly to the newest message 100 ms after one arrives. The log is not a live
 * region: the chat's announcer reads each new message from support once. Every message's HTML is
 * sanitized again before it is inserted.
 */
import { brand } from "~/brand";
import { MessageItem, MessageLog } from "~/lib/live-chat/message-log";
import { formatChatTime, t } from "../i18n/chat-language";
import { sharedWords } from "../i18n/shared-words";
import type { ShownMessage } from "../model/chat-state";

/** The list scrolls to the bottom this long after a message. */
export const SCROLL_DELAY_MS = 100;

export function MessageList({
  messages,
  onRetry,
}: {
  messages: ShownMessage[];
  /** Absent once the chat has ended: nothing can be sent again then. */
  onRetry?: ((clientId: string) => void) | undefined;
}) {
  const words = sharedWords().message;
  return (
    <MessageLog
      label={t("messages")}
      messages={messages}
      testId="chat-messages"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-3 focus-visible:outline-offset-[-3px]"
      live={false}
      smoothAfterMs={SCROLL_DELAY_MS}
      empty={
        <p className="py-6 text-center text-sm text-muted">
          {t("emptyChat", { brand: brand.name })}
        </p>
      }
    >
      {messages.map((m) => {
        const own = m.from === "visitor";
        return (
          <MessageItem
            key={m.key}
            message={m}
            own={own}
            onRight={own}
            formatTime={formatChatTime}
            words={words}
            bodyClassName={
              own
                ? "rounded-ee-md bg-brand-strong text-on-brand [&_a]:text-on-brand [&_img]:max-w-[200px]"
                : "rounded-es-md bg-sunken text-ink [&_a]:text-brand [&_img]:max-w-[200px]"
            }
            testId="chat-message"
            showDelivery={own}
            onRetry={onRetry}
          />
        );
      })}
    </MessageLog>
  );
}
