/**
 * One conversation on screen: who and whether they are online (unknown while this console is not
 * connected), who has it, End chat or Reopen, the whole history with the agents' notes and e-mail
 * answers, who is typing, the reply editor while the chat is open, how it ended once it has (and,
 * for a missed chat, its e-mail answer), an internal note, and the visitor's details: beside it on
 * a wide screen, in a drawer below that.
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { ArrowLeft, CircleAlert, PanelRight, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Fragment, useCallback, useState, type RefObject } from "react";
import { Link } from "react-router";
import { useConsole, useConsoleState } from "./console-context";
import { consoleDialogOverlayClass, DialogCloseButton } from "./console-dialog";
import { AssignControl, MissedPanel, NoteForm, ReopenButton } from "./conversation-team-controls";
import { EndChatDialog } from "./end-chat-dialog";
import { MessageThread } from "./message-thread";
import { ReplyComposer } from "./reply-composer";
import { shortDateTime } from "./time-labels";
import { VisitorPanel } from "./visitor-panel";
import { PersonName } from "~/components/ui/person-name";

const emptyMessages: never[] = [];
const noEntries: never[] = [];

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
  const viewers = useConsoleState((s) => s.viewers);
  const detail = useConsoleState((s) => s.details[summary.id]);
  const notice = useConsoleState((s) => s.notice);
  const connected = useConsoleState((s) => s.connection.kind === "open");
  const entries = useConsoleState((s) => s.entries[summary.id]);
  const [visitorOpen, setVisitorOpen] = useState(false);
  const open = summary.state === "open";
  const online = detail?.visitor.online ?? summary.visitor_online;
  // What the console last heard may be out of date while its own connection is down.
  const presence = !connected ? "presence unknown" : online ? "online" : "offline";
  // The same function every render, so the thread's memoized messages are not all drawn again.
  const retry = useCallback((clientId: string) => session.retry(clientId), [session]);

  const typingName = typing?.visitor ? summary.visitor_name : typing?.agent;
  const viewerNames = Object.entries(viewers)
    .filter(([, v]) => v.conversationId === summary.id)
    .map(([agentId, v]) => ({ agentId, name: v.name }));
  const typingText = typingName ? (
    <>
      <PersonName name={typingName} /> is typing…
    </>
  ) : viewerNames.length > 0 ? (
    <span data-testid="console-viewers">
      {viewerNames.map(({ agentId, name }, i) => (
        <Fragment key={agentId}>
          {i > 0 ? ", " : null}
          <PersonName name={name} />
        </Fragment>
      ))}{" "}
      {viewerNames.length === 1 ? "is" : "are"} viewing this chat
    </span>
  ) : null;

  return (
    <div className="flex min-h-0 flex-1 flex-row" data-testid="conversation-view">
      <section
        aria-labelledby="conversation-title"
        className="flex min-h-[70dvh] min-w-0 flex-1 flex-col lg:min-h-0"
      >
        <div className="flex shrink-0 flex-wrap items-center justify-between gap-3 border-b border-line bg-surface px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link
              to="/console"
              className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-sunken hover:text-ink lg:hidden"
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
                <span data-testid="conversation-presence">{presence}</span>
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <AssignControl summary={summary} />
            <Dialog.Root open={visitorOpen} onOpenChange={setVisitorOpen}>
              <Dialog.Trigger
                className="btn btn-secondary min-h-9 gap-1.5 px-3 py-1.5 text-sm xl:hidden"
                data-testid="visitor-drawer-button"
              >
                <PanelRight aria-hidden="true" className="size-4" />
                Visitor
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className={consoleDialogOverlayClass} />
                <Dialog.Content
                  className="fixed top-0 right-0 z-[70] flex h-dvh w-[min(92vw,22rem)] flex-col overflow-y-auto bg-surface shadow-xl"
                  aria-describedby={undefined}
                  data-testid="visitor-drawer"
                >
                  <div className="flex items-start justify-between gap-2 border-b border-line px-4 py-2">
                    <Dialog.Title className="min-w-0 font-bold [overflow-wrap:anywhere] text-ink">
                      About <PersonName name={summary.visitor_name} />
                    </Dialog.Title>
                    <DialogCloseButton />
                  </div>
                  <VisitorPanel summary={summary} detail={detail} presence={presence} inDrawer />
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
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
              <>
                <span className="rounded-md bg-sunken px-2 py-1 text-sm font-semibold text-muted">
                  Ended
                </span>
                <ReopenButton summary={summary} />
              </>
            )}
          </div>
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
          entries={entries ?? noEntries}
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
            from the same visitor appears as a new conversation; Reopen continues this one when they
            write again while still verified.
          </p>
        )}
        {summary.missed ? <MissedPanel summary={summary} /> : null}
        <details className="shrink-0 border-t border-line bg-surface px-4 py-2 sm:px-6">
          <summary className="cursor-pointer py-1 text-sm font-semibold text-ink">
            Add an internal note
          </summary>
          <div className="pb-2">
            <NoteForm conversationId={summary.id} />
          </div>
        </details>
      </section>
      <div className="hidden xl:flex">
        <VisitorPanel summary={summary} detail={detail} presence={presence} />
      </div>
    </div>
  );
}
