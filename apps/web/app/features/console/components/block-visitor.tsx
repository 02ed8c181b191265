/**
 * "Block this visitor" in the visitor panel: after a confirmation, their address is blocked (their
 * chat ends, they cannot verify again until an admin unblocks it). Any agent may block.
 */
import { Ban } from "lucide-react";
import { useState } from "react";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { failureMessage } from "../api/console-client";
import { blockVisitor } from "../api/hygiene";
import { ConfirmDialog } from "./confirm-dialog";
import { ProblemMessage } from "./problem-message";

export function BlockVisitorButton({ email }: { email: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const block = useOneAtATime(async () => {
    setProblem(null);
    const result = await blockVisitor(email);
    if (!result.ok) {
      setProblem(failureMessage(result));
      return;
    }
    setStatus(`${email} is blocked. An admin can unblock it.`);
  });
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
        onConfirm={() => void block.run()}
      />
      <p role="status" className="mt-2 text-sm font-semibold text-ink empty:hidden">
        {status}
      </p>
      <ProblemMessage text={problem} />
    </div>
  );
}
