/**
 * What the agent does to the chats ticked in the open list: end them all (after a confirmation)
 * or give them all to one agent (or to nobody). The server answers per chat; the summary of what
 * was done and what was not goes back to the list, which announces it and clears the selection.
 * Loaded the first time a chat is ticked, so the inbox's first load does not carry it, and mounted
 * from then on (drawing nothing without a ticked chat), so an answer that arrives after its chats
 * left the list is still reported.
 */
import type { BulkAction, BulkActionAnswer } from "@hourline/contracts/console-hygiene";
import { CircleX, UserRoundCheck } from "lucide-react";
import { useId, useState } from "react";
import { bulkCounts, bulkSummary } from "../model/bulk-summary";
import { ConfirmDialog } from "./confirm-dialog";
import { useConsole, useConsoleState } from "./console-context";
import { ProblemMessage } from "./problem-message";
import { teamPath } from "../route-data/team-path";
import { useConsoleSubmit } from "./use-console-submit";
import { useTeam } from "./use-team";

const controlClass =
  "min-h-9 min-w-0 rounded-lg border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand";
const buttonClass = "btn btn-secondary min-h-9 gap-1.5 px-3 py-1.5 text-sm";

export default function BulkActionBar({
  ids,
  onFinished,
  onClear,
}: {
  /** The ticked chats, in the list's order. */
  ids: number[];
  /** Called with the summary once the server has answered. */
  onFinished: (summary: string) => void;
  onClear: () => void;
}) {
  const { session } = useConsole();
  const meId = useConsoleState((s) => s.me.id);
  const agents = useTeam();
  const bulk = useConsoleSubmit<BulkActionAnswer>(teamPath);
  const [assignTo, setAssignTo] = useState<string>("me");
  const [problem, setProblem] = useState<string | null>(null);
  const selectId = useId();
  const count = ids.length;
  const chats = `${count} ${count === 1 ? "chat" : "chats"}`;

  const targetOf = (value: string): { id: number | null; name: string | null } => {
    if (value === "nobody") return { id: null, name: null };
    const id = value === "me" ? meId : Number(value);
    return { id, name: value === "me" ? "you" : (agents.find((a) => a.id === id)?.name ?? null) };
  };

  function act(action: BulkAction) {
    const target = targetOf(assignTo);
    const body =
      action === "end"
        ? { action, conversation_ids: ids }
        : { action, conversation_ids: ids, agent_id: target.id };
    const sent = bulk.submit({ intent: "bulk", bulk: body }, (outcome) => {
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
      // The pushes bring the same changes; asking at once shows them without waiting.
      for (const r of outcome.data.results) if (r.ok) session.changed(r.id);
      onFinished(bulkSummary(action, bulkCounts(outcome.data), target.name));
    });
    if (sent) setProblem(null);
  }

  if (count === 0) return null;
  return (
    <div
      role="group"
      aria-label="Selected chats"
      className="border-b border-line bg-sunken px-4 py-2"
      data-testid="bulk-action-bar"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold text-ink">{chats} selected</p>
        <button type="button" className="text-sm text-brand-strong underline" onClick={onClear}>
          Clear selection
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <ConfirmDialog
          trigger={
            <>
              <CircleX aria-hidden="true" className="size-4" />
              End selected
            </>
          }
          triggerClassName={`${buttonClass} text-danger`}
          title={`End ${chats}?`}
          description={`The ${count === 1 ? "visitor is" : "visitors are"} told the chat has ended. A chat can be reopened from the Ended tab.`}
          confirmLabel={`End ${chats}`}
          onConfirm={() => act("end")}
        />
        <label htmlFor={selectId} className="text-sm text-muted">
          Assign to
        </label>
        <select
          id={selectId}
          value={assignTo}
          onChange={(e) => setAssignTo(e.target.value)}
          className={controlClass}
        >
          <option value="me">Me</option>
          {agents
            .filter((a) => a.id !== meId)
            .map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name} ({a.availability})
              </option>
            ))}
          <option value="nobody">Nobody (unassigned)</option>
        </select>
        <button type="button" className={buttonClass} onClick={() => act("assign")}>
          <UserRoundCheck aria-hidden="true" className="size-4" />
          Assign selected
        </button>
      </div>
      <ProblemMessage text={problem} className="mt-2" />
    </div>
  );
}
