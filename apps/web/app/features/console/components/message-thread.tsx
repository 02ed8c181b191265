/**
 * A conversation's messages, oldest first: the visitor's on the left, support's on the right with
 * the writing agent's name; this agent's own replies show whether they are sending, sent or failed
 * (with Retry). Every message's HTML is sanitized again before it is inserted, whatever the server
 * stored.
 */
import { MessageItem, MessageLog } from "~/lib/live-chat/message-log";
import type { ThreadMessage } from "../model/console-threads";
import { shortDateTime } from "./time-labels";

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
  return (
    <MessageLog
      messages={messages}
      testId="console-messages"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 focus-visible:outline-offset-[-3px] sm:px-6"
      empty={
        <p className="py-8 text-center text-sm text-muted">
          {loading ? "Loading the conversation…" : "No messages yet."}
        </p>
      }
    >
      {messages.map((m) => {
        const own = m.senderEmail === meEmail;
        const fromSupport = m.from === "agent";
        return (
          <MessageItem
            key={m.key}
            message={m}
            own={own}
            onRight={fromSupport}
            formatTime={shortDateTime}
            bodyClassName={
              fromSupport
                ? "rounded-br-md bg-brand-strong text-on-brand [&_a]:text-on-brand [&_img]:max-w-[240px]"
                : "rounded-bl-md border border-line bg-surface text-ink [&_a]:text-brand [&_img]:max-w-[240px]"
            }
            testId="console-message"
            // Sent is said only of replies written here; older ones simply are the history.
            showDelivery={own && (m.id === null || m.clientId !== null)}
            onRetry={onRetry}
          />
        );
      })}
    </MessageLog>
  );
}
