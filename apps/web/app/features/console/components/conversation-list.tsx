/**
 * The conversations of one tab, as links: the visitor's name and e-mail, whether they are online
 * (unknown while this console's own connection is down), the newest message in plain text, how
 * long they have been waiting for an answer, how many of their messages nobody has read, who has
 * the conversation, and whether it was missed. The end of the list loads the next page as it
 * scrolls into view (or with its button). With a selection, each row has a checkbox beside its
 * link (named after the visitor) for the bulk actions.
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { memo, useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { messagePreview } from "../model/message-preview";
import { activityAt } from "../model/conversation-summaries";
import { useConsoleState } from "./console-context";
import { conversationPath } from "./console-paths";
import { elapsed, shortDateTime } from "./time-labels";
import type { BulkSelection } from "./use-bulk-selection";
import { useDrawnInSteps } from "./use-drawn-in-steps";
import { useNow } from "./use-now";
import { isolateText } from "@hourline/contracts/text";
import { PersonName } from "~/components/ui/person-name";

export function ConversationList({
  conversations,
  selectedId,
  emptyText,
  selection,
  onLoadMore,
}: {
  conversations: ConversationSummary[];
  selectedId: number | null;
  emptyText: string;
  selection?: BulkSelection | undefined;
  /** The server holds more: the end of the list loads the next page (once every row is drawn). */
  onLoadMore?: (() => void) | undefined;
}) {
  const now = useNow();
  const drawn = useDrawnInSteps(conversations.length);
  if (conversations.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-muted">{emptyText}</p>;
  }
  return (
    <>
      <ul className="divide-y divide-line" data-testid="conversation-list">
        {conversations.slice(0, drawn).map((c) => (
          <li key={c.id} className={selection ? "flex" : undefined}>
            {selection ? (
              // Room around the box, so the row's link is not within reach of a finger meant for it.
              <span className="flex shrink-0 items-start pt-3.5 pr-1 pl-3">
                <input
                  type="checkbox"
                  checked={selection.isSelected(c.id)}
                  onChange={() => selection.toggle(c.id)}
                  aria-label={`Select ${isolateText(c.visitor_name)}`}
                  className="size-5 accent-brand"
                />
              </span>
            ) : null}
            <ConversationItem summary={c} selected={c.id === selectedId} now={now} />
          </li>
        ))}
      </ul>
      {onLoadMore ? <LoadMore onLoad={onLoadMore} armed={drawn === conversations.length} /> : null}
    </>
  );
}

/**
 * The end of a list the server holds more of: loads the next page when it comes into view, once
 * `armed` (every row held is drawn: while they are drawn in steps the end is briefly in view).
 */
function LoadMore({ onLoad, armed }: { onLoad: () => void; armed: boolean }) {
  const button = useRef<HTMLButtonElement | null>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });
  useEffect(() => {
    const target = button.current;
    if (!armed || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [armed]);
  return (
    <div className="p-3 text-center">
      <button
        ref={button}
        type="button"
        className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
        onClick={() => load.current()}
        data-testid="load-more"
      >
        Load older conversations
      </button>
    </div>
  );
}

/**
 * Whether the visitor is online: the dot before the name and its words for a screen reader. Its
 * own component, so the console's connection opening or closing redraws these and not every row.
 */
function VisitorPresence({ online, children }: { online: boolean; children: ReactNode }) {
  const known = useConsoleState((s) => s.connection.kind === "open");
  return (
    <>
      <span
        aria-hidden="true"
        className={`size-2 shrink-0 rounded-full ${
          known ? (online ? "bg-teal" : "bg-line") : "border border-muted bg-transparent"
        }`}
      />
      {children}
      <span className="sr-only">
        ({known ? (online ? "online" : "offline") : "presence unknown"})
      </span>
    </>
  );
}

/**
 * One row, drawn again only when its own summary, selection or clock changes: a busy console takes
 * a push every moment, and redrawing every row of a long list for each one starves the page.
 */
const ConversationItem = memo(function ConversationItem({
  summary,
  selected,
  now,
}: {
  summary: ConversationSummary;
  selected: boolean;
  now: number;
}) {
  const me = useConsoleState((s) => s.me);
  const typing = useConsoleState((s) => s.typing[summary.id]?.visitor ?? false);
  const last = summary.last_message;
  const author = !last
    ? ""
    : last.sender_type === "visitor"
      ? ""
      : last.sender === me.email
        ? "You: "
        : `${isolateText(last.sender_username)}: `;
  const preview = typing
    ? "Typing…"
    : last
      ? author + messagePreview(last.message, last.msg_type)
      : "No messages yet";
  const unread = summary.unread > 0;
  return (
    <Link
      to={conversationPath(summary.id)}
      aria-current={selected ? "page" : undefined}
      data-testid="conversation-item"
      data-conversation-id={summary.id}
      className={`block min-w-0 flex-1 px-4 py-3 no-underline transition-colors ${
        selected ? "bg-brand-soft" : "hover:bg-sunken"
      }`}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span
          className={`flex min-w-0 items-center gap-1.5 text-ink ${unread ? "font-bold" : "font-semibold"}`}
        >
          <VisitorPresence online={summary.visitor_online}>
            <span className="truncate">
              <PersonName name={summary.visitor_name} />
            </span>
          </VisitorPresence>
        </span>
        <time
          dateTime={new Date(activityAt(summary)).toISOString()}
          className="shrink-0 text-xs text-muted"
        >
          {shortDateTime(activityAt(summary), now)}
        </time>
      </span>
      <span className="block truncate text-xs text-muted">{summary.visitor_email}</span>
      <span className="mt-1 flex items-center justify-between gap-2">
        <span className={`truncate text-sm ${unread ? "text-ink" : "text-muted"}`}>{preview}</span>
        {unread ? (
          <span
            className="min-w-6 shrink-0 rounded-full bg-brand-strong px-1.5 text-center text-xs leading-6 font-bold text-on-brand"
            data-testid="conversation-unread"
          >
            {summary.unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </span>
      {summary.state === "open" && summary.waiting_since !== null ? (
        <span
          className="mt-1 inline-block rounded-md bg-accent-soft px-1.5 py-0.5 text-xs font-semibold text-ink"
          data-testid="conversation-waiting"
        >
          Waiting {elapsed(summary.waiting_since, now)}
        </span>
      ) : null}
      <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted">
        {summary.missed ? (
          <span
            className="rounded-md border border-danger px-1.5 font-semibold text-danger"
            data-testid="conversation-missed"
          >
            Missed
          </span>
        ) : null}
        {summary.state === "ended" ? (
          <span>Ended by {summary.ended_by === "visitor" ? "the visitor" : "support"}</span>
        ) : null}
        {summary.assignee ? (
          <span className="truncate" data-testid="conversation-assignee">
            {summary.assignee.id === me.id ? (
              "Yours"
            ) : (
              <>
                With <PersonName name={summary.assignee.name} />
              </>
            )}
          </span>
        ) : summary.state === "open" ? (
          <span data-testid="conversation-assignee">Unassigned</span>
        ) : null}
      </span>
    </Link>
  );
});
