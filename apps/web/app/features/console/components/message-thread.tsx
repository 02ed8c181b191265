/**
 * A conversation's messages, oldest first: the visitor's on the left, support's on the right with
 * the writing agent's name; this agent's own replies show whether they are sending, sent or failed
 * (with Retry). Every message's HTML is sanitized again before it is inserted, whatever the server
 * stored. The agents' own entries (internal notes, e-mail answers) sit among the messages by time,
 * marked as seen by agents only; they are plain text, shown as text.
 */
import type { AgentEntry } from "@hourline/contracts/console-team";
import { Lock, Mail } from "lucide-react";
import { Fragment } from "react";
import { MessageItem, MessageLog } from "~/lib/live-chat/message-log";
import type { ThreadMessage } from "../model/console-threads";
import { shortDateTime } from "./time-labels";
import { PersonName } from "~/components/ui/person-name";

export function MessageThread({
  messages,
  meEmail,
  loading,
  onRetry,
  entries = [],
}: {
  messages: ThreadMessage[];
  entries?: AgentEntry[];
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
        entries.length > 0 && !loading ? (
          <ol className="flex flex-col gap-3">
            {entries.map((e) => (
              <EntryItem key={`entry-${e.id}`} entry={e} />
            ))}
          </ol>
        ) : (
          <p className="py-8 text-center text-sm text-muted">
            {loading ? "Loading the conversation…" : "No messages yet."}
          </p>
        )
      }
    >
      {messages.map((m, index) => {
        const before = entries.filter(
          (e) =>
            e.created_at <= m.createdAt &&
            (index === 0 || e.created_at > (messages[index - 1]?.createdAt ?? 0)),
        );
        const own = m.senderEmail === meEmail;
        const fromSupport = m.from === "agent";
        return (
          <Fragment key={m.key}>
            {before.map((e) => (
              <EntryItem key={`entry-${e.id}`} entry={e} />
            ))}
            <MessageItem
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
          </Fragment>
        );
      })}
      {entries
        .filter((e) => e.created_at > (messages.at(-1)?.createdAt ?? 0))
        .map((e) => (
          <EntryItem key={`entry-${e.id}`} entry={e} />
        ))}
    </MessageLog>
  );
}

/**
 * An internal note or an e-mail answer: for agents only, set apart from the chat. The server's
 * ended/reopened markers are one quiet line across the thread.
 */
function EntryItem({ entry }: { entry: AgentEntry }) {
  if (entry.kind === "ended" || entry.kind === "reopened") {
    return (
      <li
        className="flex w-full items-center gap-2 self-center text-xs text-muted"
        data-testid="console-thread-marker"
      >
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        <span>
          {entry.body} · {shortDateTime(entry.created_at)}
        </span>
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </li>
    );
  }
  const note = entry.kind === "note";
  return (
    <li
      className="w-full self-center rounded-xl border border-dashed border-line bg-accent-soft px-3 py-2 text-sm text-ink"
      data-testid={note ? "console-note" : "console-email-answer"}
    >
      <p className="flex flex-wrap items-center gap-1.5 text-xs font-semibold text-muted">
        {note ? (
          <Lock aria-hidden="true" className="size-3.5" />
        ) : (
          <Mail aria-hidden="true" className="size-3.5" />
        )}
        <span>
          {note ? "Internal note" : `E-mailed to ${entry.sent_to ?? "the visitor"}`} ·{" "}
          <PersonName name={entry.agent_name} /> · {shortDateTime(entry.created_at)}
          {note ? " · agents only" : null}
        </span>
      </p>
      <p className="mt-1 break-words whitespace-pre-wrap">{entry.body}</p>
    </li>
  );
}
