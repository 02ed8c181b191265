/**
 * What an agent does to a conversation as one of a team: who has it (take it, give it to another
 * agent, or to nobody), reopen it once ended, deal with a missed chat (answer by e-mail to the
 * address the visitor proved, or mark it handled), and add an internal note that only agents see.
 * Every change reaches the other consoles as a push; this one asks for the new summary at once.
 * Each control submits through its own fetcher to the team route's action (route-data/team.ts).
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { agentEntryLimits, type AgentEntryAnswer } from "@hourline/contracts/console-team";
import { useId, useRef, useState, type FormEvent } from "react";
import { newClientId } from "~/lib/live-chat/client-id";
import type { TeamSubmission } from "../route-data/team";
import { teamPath } from "../route-data/team-path";
import { useConsole, useConsoleState } from "./console-context";
import { useConsoleSubmit } from "./use-console-submit";
import { useTeam } from "./use-team";

const controlClass =
  "min-h-9 rounded-lg border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand";

/** One change at a time to a conversation; its failure's message in words, or null. */
function useAction() {
  const { session } = useConsole();
  const { submit, pending } = useConsoleSubmit<unknown>(teamPath);
  const [problem, setProblem] = useState<string | null>(null);
  function run(conversationId: number, submission: TeamSubmission) {
    const sent = submit(submission, (outcome) => {
      if (outcome.ok) session.changed(conversationId);
      else setProblem(outcome.message);
    });
    if (sent) setProblem(null);
  }
  return { busy: pending, problem, run };
}

export function AssignControl({ summary }: { summary: ConversationSummary }) {
  const me = useConsoleState((s) => s.me);
  const team = useTeam();
  const { busy, problem, run } = useAction();
  const id = useId();
  const current = summary.assignee;
  // The one assigned stays listed even when the team list has not loaded or no longer has them.
  const people = current && !team.some((t) => t.id === current.id) ? [...team, current] : team;
  const assign = (agentId: number | null) =>
    run(summary.id, { intent: "assign", id: summary.id, agentId });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        Assigned to
      </label>
      <select
        id={id}
        className={controlClass}
        value={current?.id ?? ""}
        disabled={busy}
        onChange={(e) => assign(e.target.value === "" ? null : Number(e.target.value))}
        data-testid="assign-select"
      >
        <option value="">Nobody</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.id === me.id ? `${p.name} (you)` : p.name}
          </option>
        ))}
      </select>
      {current?.id !== me.id ? (
        <button
          type="button"
          className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
          disabled={busy}
          onClick={() => assign(me.id)}
        >
          Assign to me
        </button>
      ) : null}
      {problem ? (
        <p role="alert" className="w-full text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export function ReopenButton({ summary }: { summary: ConversationSummary }) {
  const { busy, problem, run } = useAction();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
        disabled={busy}
        onClick={() => run(summary.id, { intent: "reopen", id: summary.id })}
      >
        Reopen chat
      </button>
      {problem ? (
        <span role="alert" className="text-sm text-danger">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

/** A text box with its Send button for an agent entry (a note, an e-mail answer). */
function EntryForm({
  label,
  hint,
  submitLabel,
  testId,
  submission,
  onAnswered,
}: {
  label: string;
  hint: string;
  submitLabel: string;
  testId: string;
  submission: (body: string) => TeamSubmission;
  onAnswered?: (ok: boolean) => void;
}) {
  const { session } = useConsole();
  const [text, setText] = useState("");
  const { submit, pending: busy } = useConsoleSubmit<AgentEntryAnswer>(teamPath);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  function send(event: FormEvent) {
    event.preventDefault();
    if (busy || text.trim() === "") return;
    const sent = submit(submission(text), (outcome) => {
      onAnswered?.(outcome.ok);
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
      session.addEntry(outcome.data.entry);
      session.changed(outcome.data.entry.conversation_id);
      setText("");
    });
    if (sent) setProblem(null);
  }
  return (
    <form onSubmit={send} className="flex flex-col gap-2" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={agentEntryLimits.body}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="w-full rounded-lg border border-line bg-surface p-2 text-sm text-ink"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          className="btn btn-primary min-h-9 px-3 py-1.5 text-sm"
          disabled={busy}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

export function NoteForm({ conversationId }: { conversationId: number }) {
  return (
    <EntryForm
      label="Internal note"
      hint="Only agents see notes in the chat, never the visitor or the transcript; a visitor who asks for their data gets them in the export."
      submitLabel="Add note"
      testId="note-form"
      submission={(body) => ({ intent: "note", id: conversationId, body })}
    />
  );
}

/** A missed chat: answer it by e-mail, or mark it handled. */
export function MissedPanel({ summary }: { summary: ConversationSummary }) {
  const { busy, problem, run } = useAction();
  const answerId = useRef<{ body: string; id: string } | null>(null);
  return (
    <section
      aria-labelledby={`missed-${summary.id}`}
      className="shrink-0 space-y-3 border-t border-line bg-surface px-4 py-4 sm:px-6"
      data-testid="missed-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`missed-${summary.id}`} className="font-bold text-ink">
          Missed chat: the visitor left before anyone answered
        </h2>
        <button
          type="button"
          className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
          disabled={busy}
          onClick={() => run(summary.id, { intent: "handled", id: summary.id })}
        >
          Mark handled
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <EntryForm
        label={`Answer by e-mail to ${summary.visitor_email}`}
        hint="Sent to the address the visitor proved with their chat code; it is kept in this conversation."
        submitLabel="Send e-mail"
        testId="email-answer-form"
        submission={(body) => {
          // One id per answer, kept while it is sent again (after an error), so it is mailed once.
          if (answerId.current?.body !== body) answerId.current = { body, id: newClientId() };
          return { intent: "email-answer", id: summary.id, body, clientId: answerId.current.id };
        }}
        onAnswered={(ok) => {
          if (ok) answerId.current = null;
        }}
      />
    </section>
  );
}
