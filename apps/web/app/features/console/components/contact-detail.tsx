/**
 * One contact message opened: who sent it and how to reach them, its text, and the agent's moves
 * (reply by e-mail in their own mail program, mark handled or not, mark unread again).
 */
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";
import { mailtoHref } from "@hourline/contracts/email-address";
import { CheckCircle2, Mail } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { brand } from "~/brand";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { failureMessage } from "../api/console-client";
import { updateContactMessage } from "../api/update-contact-message";
import { ProblemMessage } from "./problem-message";
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const change = useOneAtATime(async (patch: { read?: boolean; handled?: boolean }) => {
    setBusy(true);
    setProblem(null);
    const result = await updateContactMessage(message.id, patch);
    setBusy(false);
    if (result.ok) onChanged(result.data.message);
    else setProblem(failureMessage(result));
  });

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
          aria-disabled={busy || undefined}
          onClick={() => void change.run({ handled: !message.handled })}
        >
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {message.handled ? "Mark as not handled" : "Mark as handled"}
        </button>
        {message.read ? (
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={busy || undefined}
            onClick={() => void change.run({ read: false })}
          >
            Mark as unread
          </button>
        ) : null}
      </div>
      <ProblemMessage text={problem} />
    </section>
  );
}
