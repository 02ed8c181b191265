/**
 * The blocked visitor addresses, for admins (on the Visitor data screen): which address, since
 * when and who blocked it, and Unblock after a confirmation, after which the visitor can prove the
 * address and chat again. Agents block from the visitor panel (block-visitor.tsx).
 */
import type { BlockedVisitor } from "@hourline/contracts/console-hygiene";
import { useState } from "react";
import { PersonName } from "~/components/ui/person-name";
import type { AdminLoad } from "../route-data/screen-data";
import type { VisitorDataSubmission } from "../route-data/visitor-data";
import { ConfirmDialog } from "./confirm-dialog";
import { ProblemMessage } from "./problem-message";
import { shortDateTime } from "./time-labels";
import { useConsoleSubmit } from "./use-console-submit";

/** `load` comes from the Visitor data route's loader; an unblock goes to its action. */
export function BlockedVisitorsAdmin({ load }: { load: AdminLoad<BlockedVisitor[]> }) {
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { submit } = useConsoleSubmit<unknown>();
  function unblock(email: string) {
    const submission: VisitorDataSubmission = { intent: "unblock", email };
    const sent = submit(submission, (outcome) => {
      if (outcome.ok) setStatus(`${email} is unblocked and can start a chat again.`);
      else setProblem(outcome.message);
    });
    if (sent) {
      setStatus(null);
      setProblem(null);
    }
  }

  return (
    <section aria-labelledby="blocked-title" data-testid="blocked-visitors">
      <h2 id="blocked-title" className="text-lg font-bold text-ink">
        Blocked visitors
      </h2>
      <p className="mt-1 text-sm text-muted">
        Addresses an agent blocked from a chat: they cannot prove the address or start a chat until
        unblocked here.
      </p>
      <p role="status" className="mt-2 text-sm font-semibold text-ink empty:hidden">
        {status}
      </p>
      <ProblemMessage text={problem} />
      {load.kind === "not-allowed" ? (
        <p className="mt-3 text-muted">Loading…</p>
      ) : load.kind === "failed" ? (
        <p role="alert" className="mt-3 font-semibold text-danger">
          {load.message}
        </p>
      ) : load.data.length === 0 ? (
        <p className="mt-3 text-muted">No address is blocked.</p>
      ) : (
        <BlockedTable entries={load.data} onUnblock={unblock} />
      )}
    </section>
  );
}

function BlockedTable({
  entries,
  onUnblock,
}: {
  entries: BlockedVisitor[];
  onUnblock: (email: string) => void;
}) {
  return (
    <div className="card mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line text-muted">
          <tr>
            {["Address", "Blocked", "By", "Action"].map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((b) => (
            <tr key={b.email} className="border-b border-line last:border-0">
              <td className="px-4 py-2 break-all">{b.email}</td>
              <td className="px-4 py-2 whitespace-nowrap">{shortDateTime(b.blocked_at)}</td>
              <td className="px-4 py-2">
                <PersonName name={b.blocked_by} />
              </td>
              <td className="px-4 py-2">
                <ConfirmDialog
                  trigger="Unblock"
                  triggerLabel={`Unblock ${b.email}`}
                  triggerClassName="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
                  title="Unblock this address?"
                  description={`${b.email} can prove the address with a code and start a chat again.`}
                  confirmLabel="Unblock"
                  onConfirm={() => onUnblock(b.email)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
