/**
 * Above the open list: whose chats to show and in which order, "select all" for the rows on this
 * page, the bar of bulk actions once a chat is ticked (loaded then), and the summary of the last
 * bulk action, read out politely.
 */
import type { AssigneeFilter } from "@hourline/contracts/console-team";
import { Suspense, lazy, useState } from "react";
import type { ListOrder } from "../model/conversation-summaries";
import type { BulkSelection } from "./use-bulk-selection";

const BulkActionBar = lazy(() => import("./bulk-action-bar"));

const selectClass =
  "min-h-9 rounded-lg border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand";

export function OpenListTools({
  assignee,
  onAssigneeChange,
  order,
  onOrderChange,
  selection,
  shown,
}: {
  assignee: AssigneeFilter;
  onAssigneeChange: (value: AssigneeFilter) => void;
  order: ListOrder;
  onOrderChange: (value: ListOrder) => void;
  selection: BulkSelection;
  /** How many rows the list shows now (this page and those loaded after it). */
  shown: number;
}) {
  const [summary, setSummary] = useState<string | null>(null);
  const ticked = selection.ids.length;
  // Once loaded the bar stays mounted (drawing nothing without a ticked chat): the chats a bulk
  // end ends leave the selection before the server's answer, which the bar must still report.
  const [barLoaded, setBarLoaded] = useState(false);
  if (ticked > 0 && !barLoaded) setBarLoaded(true);
  const all = shown > 0 && ticked === shown;
  return (
    <>
      <div className="flex flex-wrap gap-2 border-b border-line px-4 py-2">
        <label className="flex items-center gap-1 text-xs text-muted">
          Show
          <select
            value={assignee}
            onChange={(e) => onAssigneeChange(e.target.value as AssigneeFilter)}
            className={selectClass}
            data-testid="assignee-filter"
          >
            <option value="all">All</option>
            <option value="mine">Mine</option>
            <option value="unassigned">Unassigned</option>
          </select>
        </label>
        <label className="flex items-center gap-1 text-xs text-muted">
          Order
          <select
            value={order}
            onChange={(e) => onOrderChange(e.target.value as ListOrder)}
            className={selectClass}
            data-testid="list-order"
          >
            <option value="waiting">Waiting longest first</option>
            <option value="newest">Newest activity first</option>
          </select>
        </label>
        {/* Its room is kept while the list loads (unseen, out of reach), so the rows that arrive
            below it do not move. */}
        <label
          className={`flex min-h-9 items-center gap-2 text-xs text-muted ${shown > 0 ? "" : "invisible"}`}
        >
          <input
            type="checkbox"
            checked={all}
            disabled={shown === 0}
            ref={(box) => {
              if (box) box.indeterminate = ticked > 0 && !all;
            }}
            onChange={() => {
              setSummary(null);
              selection.setAll(!all);
            }}
            className="size-4 accent-brand"
          />
          Select all {shown} on this page
        </label>
      </div>
      {barLoaded ? (
        <Suspense fallback={null}>
          <BulkActionBar
            ids={selection.ids}
            onClear={selection.clear}
            onFinished={(text) => {
              selection.clear();
              setSummary(text);
            }}
          />
        </Suspense>
      ) : null}
      <p
        role="status"
        // Always in the page (a live region added with its text is often not read); empty, unseen.
        className={
          summary ? "border-b border-line px-4 py-2 text-sm font-semibold text-ink" : "sr-only"
        }
      >
        {summary}
      </p>
    </>
  );
}
