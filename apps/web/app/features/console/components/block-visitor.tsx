/**
 * "Block this visitor" in the visitor panel: after a confirmation, their address is blocked (their
 * chat ends, they cannot verify again until an admin unblocks it). Any agent may block.
 */
import { Ban } from "lucide-react";
import { useState } from "react";
import { teamPath } from "../route-data/team-path";
import { ConfirmDialog } from "./confirm-dialog";
import { ProblemMessage } from "./problem-message";
import { useConsoleSubmit } from "./use-console-submit";

export function BlockVisitorButton({ email }: { email: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { submit } = useConsoleSubmit<unknown>(teamPath);
  function block() {
    const sent = submit({ intent: "block", email }, (outcome) => {
      if (outcome.ok) setStatus(`${email} is blocked. An admin can unblock it.`);
      else setProblem(outcome.message);
    });
    if (sent) setProblem(null);
  }
  return (
    <div className="mt-4 border-t border-line pt-4">
      <ConfirmDialog
        trigger={
          <>
            <Ban aria-hidden="true" className="size-4" />
            Block this visitor
          </>
        }
        triggerClassName="btn btn-secondary min-h-9 gap-1.5 px-3 py-1.5 text-sm text-danger"
        title="Block this visitor?"
        description={`Their chat ends now and ${email} cannot start a chat again until an admin unblocks it.`}
        confirmLabel="Block"
        onConfirm={block}
      />
      <p role="status" className="mt-2 text-sm font-semibold text-ink empty:hidden">
        {status}
      </p>
      <ProblemMessage text={problem} />
    </div>
  );
}
