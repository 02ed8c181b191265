/**
 * One contact message opened: who sent it and how to reach them, its text, and the agent's moves
 * (reply by e-mail in their own mail program, mark handled or not, mark unread again).
 */
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";
import { mailtoHref } from "@hourline/contracts/email-address";
import { CheckCircle2, Mail } from "lucide-react";
import type { ContactMessageAnswer, UpdateContactMessageBody } from "@hourline/contracts/console";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { brand } from "~/brand";
import type { ContactsSubmission } from "../route-data/contacts";
import { ProblemMessage } from "./problem-message";
import { useConsoleSubmit } from "./use-console-submit";
import { shortDateTime } from "./time-labels";
import { stripFormatControls } from "@hourline/contracts/text";
import { PersonName } from "~/components/ui/person-name";

/** A reply in the agent's own mail program, quoting the message. */
export function replyMailto(message: ContactMessageSummary): string {
  const subject = `Re: your message to ${brand.name}`;
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `Hello ${stripFormatControls(message.name)},\n\n\n\nOn ${new Date(message.received_at).toUTCString()} you wrote:\n${quoted}\n`;
  return mailtoHref(message.email, { subject, body });
}

export function ContactDetail({
  message,
  backTo,
  onChanged,
}: {
  message: ContactMessageSummary;
  backTo: string;
  onChanged: (message: ContactMessageSummary) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { submit, pending } = useConsoleSubmit<ContactMessageAnswer>();
  // Marking read on opening has a fetcher of its own: it must not hold the agent's buttons.
  const opening = useConsoleSubmit<ContactMessageAnswer>();

  function change(patch: UpdateContactMessageBody) {
    const update: ContactsSubmission = { intent: "update", id: message.id, change: patch };
    const sent = submit(update, (outcome) => {
      if (outcome.ok) onChanged(outcome.data.message);
      else setProblem(outcome.message);
    });
    if (sent) setProblem(null);
  }

  // Opening a message marks it read, for every agent (once per opening: "Mark as unread" sticks;
  // the list keys this view by message, so it mounts once per opening).
  useEffect(() => {
    heading.current?.focus();
    if (message.read) return;
    const read: ContactsSubmission = { intent: "update", id: message.id, change: { read: true } };
    opening.submit(read, (outcome) => {
      if (outcome.ok) onChanged(outcome.data.message);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section
      aria-labelledby="contact-detail-title"
      className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6"
      data-testid="contact-detail"
    >
      <Link to={{ search: backTo }} replace className="text-sm text-brand lg:hidden">
        Back to the list
      </Link>
      <h2
        id="contact-detail-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-ink outline-none"
      >
        <PersonName name={message.name} />
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">E-mail</dt>
        <dd className="break-all">
          <a href={mailtoHref(message.email)} className="text-brand">
            {message.email}
          </a>
        </dd>
        <dt className="text-muted">Phone</dt>
        <dd>
          {message.phone ? (
            <a href={`tel:${message.phone.replace(/[^\d+]/g, "")}`} className="text-brand">
              {message.phone}
            </a>
          ) : (
            <span className="text-muted">Not given</span>
          )}
        </dd>
        <dt className="text-muted">Received</dt>
        <dd className="text-ink">{new Date(message.received_at).toLocaleString()}</dd>
        <dt className="text-muted">State</dt>
        <dd className="text-ink" data-testid="contact-state">
          {message.handled ? (
            <>
              Handled
              {message.handled_by ? (
                <>
                  {" by "}
                  <PersonName name={message.handled_by} />
                </>
              ) : null}
              {message.handled_at ? `, ${shortDateTime(message.handled_at)}` : ""}
            </>
          ) : (
            "Not handled yet"
          )}
        </dd>
      </dl>
      <div className="mt-5 rounded-xl border border-line bg-surface p-4 whitespace-pre-wrap text-ink">
        {message.message}
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <a href={replyMailto(message)} className="btn btn-primary">
          <Mail aria-hidden="true" className="size-4" />
          Reply by e-mail
        </a>
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={pending || undefined}
          onClick={() => change({ handled: !message.handled })}
        >
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {message.handled ? "Mark as not handled" : "Mark as handled"}
        </button>
        {message.read ? (
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={pending || undefined}
            onClick={() => change({ read: false })}
          >
            Mark as unread
          </button>
        ) : null}
      </div>
      <ProblemMessage text={problem} />
    </section>
  );
}
