/**
 * One conversation on screen: who and whether they are online, End chat, the whole history, who is
 * typing, the reply editor while the chat is open, how it ended once it has, and the visitor's
 * details beside it.
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { ArrowLeft, CircleAlert, X } from "lucide-react";
import { useCallback, type RefObject } from "react";
import { Link } from "react-router";
import { useConsole, useConsoleState } from "./console-context";
import { EndChatDialog } from "./end-chat-dialog";
import { MessageThread } from "./message-thread";
import { ReplyComposer } from "./reply-composer";
import { shortDateTime } from "./time-labels";
import { VisitorPanel } from "./visitor-panel";
import { PersonName } from "~/components/ui/person-name";

const emptyMessages: never[] = [];

export function ConversationView({
  summary,
  editorRef,
  endOpen,
  onEndOpenChange,
}: {
  summary: ConversationSummary;
  editorRef: RefObject<HTMLTextAreaElement | null>;
  endOpen: boolean;
  onEndOpenChange: (open: boolean) => void;
}) {
  const { session } = useConsole();
  const me = useConsoleState((s) => s.me);
  const thread = useConsoleState((s) => s.threads[summary.id]);
  const typing = useConsoleState((s) => s.typing[summary.id]);
  const detail = useConsoleState((s) => s.details[summary.id]);
  const notice = useConsoleState((s) => s.notice);
  const connected = useConsoleState((s) => s.connection.kind === "open");
  const open = summary.state === "open";
  const online = detail?.visitor.online ?? summary.visitor_online;
  // The same function every render, so the thread's memoized messages are not all drawn again.
  const retry = useCallback((clientId: string) => session.retry(clientId), [session]);

  const typingName = typing?.visitor ? summary.visitor_name : typing?.agent;
  const typingText = typingName ? (
    <>
      <PersonName name={typingName} /> is typing…
    </>
  ) : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row" data-testid="conversation-view">
      <section
        aria-labelledby="conversation-title"
        className="flex min-h-[60dvh] min-w-0 flex-1 flex-col lg:min-h-0"
      >
        <div className="flex shrink-0 flex-wrap items-center justify-between gap-3 border-b border-line bg-surface px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link
              to="/console"
              className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-sunken hover:text-ink md:hidden"
              aria-label="Back to the conversations"
            >
              <ArrowLeft aria-hidden="true" className="size-5" />
            </Link>
            <div className="min-w-0">
              <h1 id="conversation-title" className="truncate text-lg font-bold text-ink">
                <PersonName name={summary.visitor_name} />
              </h1>
              <p className="truncate text-sm text-muted">
                {summary.visitor_email} ·{" "}
                <span data-testid="conversation-presence">{online ? "online" : "offline"}</span>
              </p>
            </div>
          </div>
          {open ? (
            <EndChatDialog
              open={endOpen}
              onOpenChange={onEndOpenChange}
              visitorName={summary.visitor_name}
              onConfirm={() => {
                session.endChat(summary.id);
              }}
            />
          ) : (
            <span className="rounded-md bg-sunken px-2 py-1 text-sm font-semibold text-muted">
              Ended
            </span>
          )}
        </div>

        {notice ? (
          <div
            role="alert"
            className="flex shrink-0 items-start gap-2 border-b border-line bg-accent-soft px-4 py-2 text-sm text-ink sm:px-6"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="flex-1">{notice}</p>
            <button
              type="button"
              className="grid size-7 place-items-center rounded-full hover:bg-surface"
              aria-label="Dismiss"
              onClick={() => session.dismissNotice()}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}

        <MessageThread
          messages={thread?.messages ?? emptyMessages}
          meEmail={me.email}
          loading={!thread?.loaded}
          onRetry={open ? retry : undefined}
        />

        <p
          aria-live="polite"
          className="h-6 shrink-0 px-4 text-sm text-muted italic sm:px-6"
          data-testid="console-typing"
        >
          {typingText}
        </p>

        {open ? (
          <>
            {!connected ? (
              <p className="shrink-0 px-4 text-sm text-muted sm:px-6">
                Not connected: replies wait here and go out when the console reconnects.
              </p>
            ) : null}
            <ReplyComposer
              key={summary.id}
              conversationId={summary.id}
              visitorName={summary.visitor_name}
              editorRef={editorRef}
            />
          </>
        ) : (
          <p
            role="status"
            className="shrink-0 border-t border-line bg-sunken px-4 py-4 text-sm text-ink sm:px-6"
            data-testid="conversation-ended"
          >
            {summary.ended_by === "visitor" ? (
              <>
                <PersonName name={summary.visitor_name} /> ended this chat
              </>
            ) : (
              "The support team ended this chat"
            )}
            {summary.ended_at !== null ? ` at ${shortDateTime(summary.ended_at)}` : ""}. A new chat
            from the same visitor appears as a new conversation.
          </p>
        )}
      </section>
      <VisitorPanel summary={summary} detail={detail} />
    </div>
  );
}
