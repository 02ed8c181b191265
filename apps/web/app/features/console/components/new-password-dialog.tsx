/**
 * Setting a new password for an agent who forgot theirs, for admins: it signs them out everywhere.
 */
import {
  agentPasswordRules,
  agentPasswordProblem,
  type AgentAccount,
} from "@hourline/contracts/console";
import { KeyRound } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import type { AgentsSubmission } from "../route-data/agents";
import { ConsoleDialogContent } from "./console-dialog";
import { useConsoleSubmit } from "./use-console-submit";
import { PersonName } from "~/components/ui/person-name";

export function NewPasswordDialog({ agent, onDone }: { agent: AgentAccount; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { submit, pending } = useConsoleSubmit<unknown>();
  const scope = `reset-${agent.id}`;

  function setNewPassword() {
    const problem = agentPasswordProblem(password);
    if (problem) {
      setError(problem);
      return;
    }
    const reset: AgentsSubmission = { intent: "password", id: agent.id, password };
    submit(reset, (outcome) => {
      if (!outcome.ok) {
        setError(outcome.fields.password ?? outcome.message);
        return;
      }
      setOpen(false);
      onDone();
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword("");
        setError(null);
      }}
    >
      <Dialog.Trigger className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm">
        <KeyRound aria-hidden="true" className="size-4" />
        New password
      </Dialog.Trigger>
      <ConsoleDialogContent
        title={
          <>
            New password for <PersonName name={agent.name} />
          </>
        }
        description={
          <>
            <PersonName name={agent.name} /> is signed out everywhere and signs in with this
            password from now on.
          </>
        }
      >
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            setNewPassword();
          }}
        >
          <FormField
            scope={scope}
            name="password"
            label="New password"
            hint={`At least ${agentPasswordRules.minLength} characters.`}
            error={error ?? undefined}
          >
            <input
              {...controlProps(scope, "password", { hint: true, invalid: error })}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={inputClass}
            />
          </FormField>
          <div className="flex justify-end gap-3">
            <Dialog.Close className="btn btn-secondary">Cancel</Dialog.Close>
            <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
              Set password
            </button>
          </div>
        </form>
      </ConsoleDialogContent>
    </Dialog.Root>
  );
}
