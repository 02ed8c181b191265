/**
 * Who the agent is talking to: the visitor's name and e-mail, whether they have the chat open right
 * now, since when they have used the chat, whether they asked for a transcript, what the widget told
 * of the visit, and their other conversations (each a link to read it).
 */
import { chatLanguageEnglishNames, chatLanguageNames } from "@hourline/contracts/chat-languages";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { mailtoHref } from "@hourline/contracts/email-address";
import { BlockVisitorButton } from "./block-visitor";
import { Link } from "react-router";
import type { ConversationDetail } from "../model/console-state";
import { messagePreview } from "../model/message-preview";
import { useConsoleState } from "./console-context";
import { conversationPath } from "./console-paths";
import { shortDateTime } from "./time-labels";
import { VisitorContextDetails } from "./visitor-context-details";
import { PersonName } from "~/components/ui/person-name";

export function VisitorPanel({
  summary,
  detail,
  presence,
  inDrawer = false,
}: {
  summary: ConversationSummary;
  detail: ConversationDetail | undefined;
  /** What the console can say of the visitor's presence (unknown while it is not connected). */
  presence: "online" | "offline" | "presence unknown";
  /** In the drawer of a narrower screen: the drawer has the title and the scroll. */
  inDrawer?: boolean;
}) {
  const conversations = useConsoleState((s) => s.conversations);
  const earlier = (detail?.earlierIds ?? [])
    .map((id) => conversations[id])
    .filter((c): c is ConversationSummary => c !== undefined);
  return (
    <aside
      aria-labelledby={inDrawer ? undefined : "visitor-panel-title"}
      aria-label={inDrawer ? "Visitor" : undefined}
      className={
        inDrawer
          ? "min-w-0 p-4"
          : "w-72 min-w-0 shrink-0 overflow-y-auto border-l border-line bg-surface p-4"
      }
      data-testid="visitor-panel"
    >
      {inDrawer ? null : (
        <h2
          id="visitor-panel-title"
          className="text-sm font-bold tracking-wide text-muted uppercase"
        >
          Visitor
        </h2>
      )}
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-muted">Name</dt>
          <dd className="font-semibold [overflow-wrap:anywhere] text-ink">
            <PersonName name={summary.visitor_name} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">E-mail</dt>
          <dd className="break-all">
            <a href={mailtoHref(summary.visitor_email)} className="text-brand">
              {summary.visitor_email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Status</dt>
          <dd className="flex items-center gap-1.5 text-ink" data-testid="visitor-status">
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${
                presence === "online"
                  ? "bg-teal"
                  : presence === "offline"
                    ? "bg-muted"
                    : "border border-muted"
              }`}
            />
            {presence === "online"
              ? "Online: has the chat open"
              : presence === "offline"
                ? "Offline"
                : "Unknown: the console is reconnecting"}
          </dd>
        </div>
        {detail ? (
          <>
            <div>
              <dt className="text-muted">First chat</dt>
              <dd className="text-ink">{shortDateTime(detail.visitor.first_seen_at)}</dd>
            </div>
            <div>
              <dt className="text-muted">Language</dt>
              <dd className="text-ink" data-testid="visitor-language">
                {chatLanguageEnglishNames[detail.visitor.language]}{" "}
                <span className="text-muted">
                  (
                  <span lang={detail.visitor.language}>
                    {chatLanguageNames[detail.visitor.language]}
                  </span>
                  ): the chat and its e-mails are in this language; write as you write
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-muted">Transcript</dt>
              <dd className="text-ink">
                {detail.visitor.transcript_requested
                  ? "E-mailed to the visitor when the chat ends"
                  : "Not asked for"}
              </dd>
            </div>
            {detail.rating ? (
              <div>
                <dt className="text-muted">Rating</dt>
                <dd className="text-ink">
                  {detail.rating.score} of 5
                  {detail.rating.comment ? <q className="block">{detail.rating.comment}</q> : null}
                </dd>
              </div>
            ) : null}
            <VisitorContextDetails context={detail.visitor.context} />
          </>
        ) : null}
      </dl>
      <h3 className="mt-6 text-sm font-bold tracking-wide text-muted uppercase">
        Earlier conversations
      </h3>
      {earlier.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          {detail ? "None: this is their first chat." : "Loading…"}
        </p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="earlier-conversations">
          {earlier.map((c) => (
            <li key={c.id}>
              <Link
                to={conversationPath(c.id)}
                className="block rounded-lg border border-line px-3 py-2 text-sm no-underline hover:border-brand"
              >
                <span className="block font-semibold text-ink">
                  {shortDateTime(c.started_at)}
                  <span className="font-normal text-muted">
                    {" "}
                    · {c.state === "open" ? "open" : "ended"}
                  </span>
                </span>
                <span className="block truncate text-muted">
                  {c.last_message
                    ? messagePreview(c.last_message.message, c.last_message.msg_type)
                    : "No messages"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <BlockVisitorButton email={summary.visitor_email} />
    </aside>
  );
}
