/**
 * The team's accounts, for admins: who exists, who is online, add an agent, make someone an admin
 * or an agent, disable an account (which signs them out everywhere at once) or enable it again, and
 * set a new password for someone who forgot theirs (which also signs them out). An admin cannot
 * disable or demote themselves here, and the server keeps at least one enabled admin.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  agentPasswordRules,
  agentPasswordProblem,
  createAgentBodySchema,
  type AgentAccount,
  type CreateAgentBody,
} from "@hourline/contracts/console";
import { KeyRound, UserPlus } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { createAgent, fetchAgents, resetAgentPassword, updateAgent } from "../api/agents";
import { failureMessage } from "../api/console-client";
import { ConfirmDialog } from "./confirm-dialog";
import { ConsoleDialogContent } from "./console-dialog";
import { applyFieldErrors } from "./form-errors";
import { ProblemMessage } from "./problem-message";
import { useConsoleState } from "./console-context";
import { shortDateTime } from "./time-labels";
import { useConsoleFetch } from "./use-console-fetch";
import { PersonName } from "~/components/ui/person-name";

const FORM = "new-agent";

export function AgentsAdmin() {
  const me = useConsoleState((s) => s.me);
  // Consoles that connected or closed since the list was fetched: newer than its online flags.
  const agentsOnline = useConsoleState((s) => s.agentsOnline);
  const isOnline = (agent: AgentAccount) => agentsOnline[agent.id] ?? agent.online;
  const [load, updateAgents] = useConsoleFetch(fetchAgents, { enabled: me.role === "admin" });
  const [status, setStatus] = useState<ReactNode>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (me.role !== "admin") {
    return (
      <div className="p-6">
        <h1 className="text-2xl font-bold text-ink">Agents</h1>
        <p className="mt-2 text-muted">Only an admin can manage agents.</p>
      </div>
    );
  }

  function replace(agent: AgentAccount) {
    updateAgents((agents) =>
      agents.some((a) => a.id === agent.id)
        ? agents.map((a) => (a.id === agent.id ? agent : a))
        : [...agents, agent],
    );
  }

  async function change(
    agent: AgentAccount,
    patch: { role?: "admin" | "agent"; disabled?: boolean },
  ) {
    setProblem(null);
    setStatus(null);
    const result = await updateAgent(agent.id, patch);
    if (!result.ok) {
      setProblem(failureMessage(result));
      return;
    }
    replace(result.data.agent);
    setStatus(
      patch.disabled === true ? (
        <>
          <PersonName name={agent.name} /> is disabled and was signed out everywhere.
        </>
      ) : patch.disabled === false ? (
        <>
          <PersonName name={agent.name} /> can sign in again.
        </>
      ) : (
        <>
          <PersonName name={agent.name} /> is now {patch.role === "admin" ? "an admin" : "an agent"}
          .
        </>
      ),
    );
  }

  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <div className="mx-auto grid max-w-6xl gap-6 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="agents-title">
          <h1 id="agents-title" className="text-2xl font-bold text-ink">
            Agents
          </h1>
          <p className="mt-1 text-muted">
            Everyone who can sign in to this console. Visitors see an agent&rsquo;s name beside
            their replies.
          </p>
          <p role="status" className="mt-3 min-h-6 text-sm font-semibold text-ink">
            {status}
          </p>
          <ProblemMessage text={problem} className="mt-1" />
          {load.kind === "loading" ? (
            <p className="mt-4 text-muted">Loading…</p>
          ) : load.kind === "failed" ? (
            <p role="alert" className="mt-4 font-semibold text-danger">
              {load.message}
            </p>
          ) : (
            <div className="card mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="agents-table">
                <thead className="border-b border-line text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Agent
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Role
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {load.data.map((agent) => (
                    <tr key={agent.id} data-testid="agent-row">
                      <td className="px-4 py-3">
                        <span className="block font-semibold text-ink">
                          <PersonName name={agent.name} />
                          {agent.id === me.id ? (
                            <span className="font-normal text-muted"> (you)</span>
                          ) : null}
                        </span>
                        <span className="block text-muted">{agent.email}</span>
                        <span className="block text-xs text-muted">
                          Added {shortDateTime(agent.created_at)}
                        </span>
                      </td>
                      <td className="px-4 py-3 text-ink">
                        {agent.role === "admin" ? "Admin" : "Agent"}
                      </td>
                      <td className="px-4 py-3">
                        <span className="flex items-center gap-1.5 text-ink">
                          <span
                            aria-hidden="true"
                            className={`size-2 rounded-full ${
                              agent.disabled ? "bg-danger" : isOnline(agent) ? "bg-teal" : "bg-line"
                            }`}
                          />
                          {agent.disabled ? "Disabled" : isOnline(agent) ? "Online" : "Offline"}
                        </span>
                      </td>
                      <td className="px-4 py-3">
                        {agent.id === me.id ? null : (
                          <div className="flex flex-wrap justify-end gap-2">
                            <button
                              type="button"
                              className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
                              onClick={() =>
                                void change(agent, {
                                  role: agent.role === "admin" ? "agent" : "admin",
                                })
                              }
                            >
                              {agent.role === "admin" ? "Make agent" : "Make admin"}
                            </button>
                            <NewPasswordDialog
                              agent={agent}
                              onDone={() =>
                                setStatus(
                                  <>
                                    <PersonName name={agent.name} /> has a new password and was
                                    signed out everywhere.
                                  </>,
                                )
                              }
                            />
                            {agent.disabled ? (
                              <button
                                type="button"
                                className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
                                onClick={() => void change(agent, { disabled: false })}
                              >
                                Enable <PersonName name={agent.name} />
                              </button>
                            ) : (
                              <ConfirmDialog
                                trigger={
                                  <>
                                    Disable <PersonName name={agent.name} />
                                  </>
                                }
                                triggerClassName="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
                                title={
                                  <>
                                    Disable <PersonName name={agent.name} />?
                                  </>
                                }
                                description={
                                  <>
                                    <PersonName name={agent.name} /> is signed out everywhere at
                                    once and cannot sign in until an admin enables the account
                                    again. Their replies stay in the conversations.
                                  </>
                                }
                                confirmLabel="Disable"
                                onConfirm={() => void change(agent, { disabled: true })}
                              />
                            )}
                          </div>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <NewAgentForm
          onCreated={(agent) => {
            replace(agent);
            setProblem(null);
            setStatus(
              <>
                Added <PersonName name={agent.name} />. They can sign in now with the password you
                chose.
              </>,
            );
          }}
        />
      </div>
    </div>
  );
}

function NewAgentForm({ onCreated }: { onCreated: (agent: AgentAccount) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateAgentBody>({
    resolver: zodResolver(createAgentBodySchema),
    defaultValues: { email: "", name: "", role: "agent", password: "" },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await createAgent(values);
    if (!result.ok) {
      if (!applyFieldErrors(result, ["email", "name", "role", "password"], setError)) {
        setProblem(failureMessage(result));
      }
      return;
    }
    reset();
    onCreated(result.data.agent);
  });
  const add = useOneAtATime(submit);

  return (
    <section aria-labelledby="new-agent-title" className="card h-fit p-5">
      <h2 id="new-agent-title" className="text-lg font-bold text-ink">
        Add an agent
      </h2>
      <ProblemMessage text={problem} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add.run(e);
        }}
        className="mt-4 space-y-4"
      >
        <FormField
          scope={FORM}
          name="name"
          label="Name"
          hint="Shown to visitors beside this agent's replies."
          error={errors.name?.message}
        >
          <input
            {...controlProps(FORM, "name", { hint: true, invalid: errors.name })}
            autoComplete="off"
            {...register("name")}
            className={inputClass}
          />
        </FormField>
        <FormField scope={FORM} name="email" label="E-mail" error={errors.email?.message}>
          <input
            {...controlProps(FORM, "email", { invalid: errors.email })}
            type="email"
            autoComplete="off"
            {...register("email")}
            className={inputClass}
          />
        </FormField>
        <FormField
          scope={FORM}
          name="role"
          label="Role"
          hint="Agents answer chats and messages; admins also manage agents."
          error={errors.role?.message}
        >
          {/* Short options: the form's column is narrow, and a select cannot wrap its text. */}
          <select
            {...controlProps(FORM, "role", { hint: true, invalid: errors.role })}
            {...register("role")}
            className={`${inputClass} w-full min-w-0`}
          >
            <option value="agent">Agent</option>
            <option value="admin">Admin</option>
          </select>
        </FormField>
        <FormField
          scope={FORM}
          name="password"
          label="Password"
          hint={`At least ${agentPasswordRules.minLength} characters. Give it to them in person or by phone.`}
          error={errors.password?.message}
        >
          <input
            {...controlProps(FORM, "password", { hint: true, invalid: errors.password })}
            type="password"
            autoComplete="new-password"
            {...register("password")}
            className={inputClass}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting || undefined}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add agent
        </button>
      </form>
    </section>
  );
}

function NewPasswordDialog({ agent, onDone }: { agent: AgentAccount; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scope = `reset-${agent.id}`;

  async function submit() {
    const problem = agentPasswordProblem(password);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    const result = await resetAgentPassword(agent.id, password);
    setBusy(false);
    if (!result.ok) {
      setError(result.error.fields?.password ?? failureMessage(result));
      return;
    }
    setOpen(false);
    onDone();
  }
  const setNewPassword = useOneAtATime(submit);

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
            void setNewPassword.run();
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
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              Set password
            </button>
          </div>
        </form>
      </ConsoleDialogContent>
    </Dialog.Root>
  );
}
