/**
 * What an agent does to a conversation as one of a team: who has it (take it, give it to another
 * agent, or to nobody), reopen it once ended, deal with a missed chat (answer by e-mail to the
 * address the visitor proved, or mark it handled), and add an internal note that only agents see.
 * Every change reaches the other consoles as a push; this one asks for the new summary at once.
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { agentEntryLimits, type AgentEntry, type Assignee } from "@hourline/contracts/console-team";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { ApiResult } from "~/lib/api-client";
import { newClientId } from "~/lib/live-chat/client-id";
import { failureMessage } from "../api/console-client";
import {
  addNote,
  answerByEmail,
  assignConversation,
  fetchTeam,
  markMissedHandled,
  reopenConversation,
} from "../api/conversation-team";
import { useConsole, useConsoleState } from "./console-context";

const controlClass =
  "min-h-9 rounded-lg border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand";

/** Runs one call at a time; its failure's message in words, or null. */
function useAction() {
  const { session } = useConsole();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run<T>(
    conversationId: number,
    call: () => Promise<ApiResult<T>>,
  ): Promise<T | null> {
    if (busy) return null;
    setBusy(true);
    setProblem(null);
    try {
      const result = await call();
      if (!result.ok) {
        setProblem(failureMessage(result));
        return null;
      }
      session.changed(conversationId);
      return result.data;
    } finally {
      setBusy(false);
    }
  }
  return { busy, problem, run };
}

let teamCache: Promise<Assignee[]> | null = null;

/** The team by display name, asked for once per page load. */
function useTeam(): Assignee[] {
  const [team, setTeam] = useState<Assignee[]>([]);
  useEffect(() => {
    const load = (teamCache ??= fetchTeam().then((r): Assignee[] => (r.ok ? r.data : [])));
    let live = true;
    void load.then((t) => {
      if (live) setTeam(t);
    });
    return () => {
      live = false;
    };
  }, []);
  return team;
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
    void run(summary.id, () => assignConversation(summary.id, agentId));
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
        onClick={() => void run(summary.id, () => reopenConversation(summary.id))}
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
  send,
}: {
  label: string;
  hint: string;
  submitLabel: string;
  testId: string;
  send: (body: string) => Promise<ApiResult<{ entry: AgentEntry }>>;
}) {
  const { session } = useConsole();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || text.trim() === "") return;
    setBusy(true);
    setProblem(null);
    const result = await send(text);
    setBusy(false);
    if (!result.ok) {
      setProblem(failureMessage(result));
      return;
    }
    session.addEntry(result.data.entry);
    session.changed(result.data.entry.conversation_id);
    setText("");
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" data-testid={testId}>
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
      send={(body) => addNote(conversationId, body)}
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
          onClick={() => void run(summary.id, () => markMissedHandled(summary.id))}
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
        send={async (body) => {
          // One id per answer, kept while it is sent again (after an error), so it is mailed once.
          if (answerId.current?.body !== body) answerId.current = { body, id: newClientId() };
          const result = await answerByEmail(summary.id, body, answerId.current.id);
          if (result.ok) answerId.current = null;
          return result;
        }}
      />
    </section>
  );
}
