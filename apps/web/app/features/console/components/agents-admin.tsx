/**
 * The team's accounts, for admins: who exists, who is online, add an agent, make someone an admin
 * or an agent, disable an account (which signs them out everywhere at once) or enable it again, and
 * set a new password for someone who forgot theirs (which also signs them out). An admin cannot
 * disable or demote themselves here, and the server keeps at least one enabled admin.
 */
import type { AgentAccount, AgentAccountAnswer } from "@hourline/contracts/console";
import { useState, type ReactNode } from "react";
import type { AgentsSubmission } from "../route-data/agents";
import type { AdminLoad } from "../route-data/screen-data";
import { ConfirmDialog } from "./confirm-dialog";
import { ProblemMessage } from "./problem-message";
import { useConsoleState } from "./console-context";
import { shortDateTime } from "./time-labels";
import { useConsoleSubmit } from "./use-console-submit";
import { useRoleRevalidation } from "./use-role-revalidation";
import { PersonName } from "~/components/ui/person-name";
import { NewAgentForm } from "./new-agent-form";
import { NewPasswordDialog } from "./new-password-dialog";

/** `load` is the route loader's answer; changes go to the route's action, which loads it again. */
export function AgentsAdmin({ load }: { load: AdminLoad<AgentAccount[]> }) {
  const me = useConsoleState((s) => s.me);
  // Consoles that connected or closed since the list was fetched: newer than its online flags.
  const agentsOnline = useConsoleState((s) => s.agentsOnline);
  const isOnline = (agent: AgentAccount) => agentsOnline[agent.id] ?? agent.online;
  const [status, setStatus] = useState<ReactNode>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { submit, pending } = useConsoleSubmit<AgentAccountAnswer>();
  useRoleRevalidation();

  if (me.role !== "admin") {
    return (
      <div className="p-6">
        <h1 className="text-2xl font-bold text-ink">Agents</h1>
        <p className="mt-2 text-muted">Only an admin can manage agents.</p>
      </div>
    );
  }

  function change(agent: AgentAccount, patch: { role?: "admin" | "agent"; disabled?: boolean }) {
    const update: AgentsSubmission = { intent: "update", id: agent.id, change: patch };
    const sent = submit(update, (outcome) => {
      if (!outcome.ok) {
        setProblem(outcome.message);
        return;
      }
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
            <PersonName name={agent.name} /> is now{" "}
            {patch.role === "admin" ? "an admin" : "an agent"}.
          </>
        ),
      );
    });
    if (sent) {
      setProblem(null);
      setStatus(null);
    }
  }

  const rowButton = "btn btn-secondary min-h-9 px-3 py-1.5 text-sm";

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
          {load.kind === "not-allowed" ? (
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
                              className={rowButton}
                              aria-disabled={pending || undefined}
                              onClick={() =>
                                change(agent, {
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
                                className={rowButton}
                                aria-disabled={pending || undefined}
                                onClick={() => change(agent, { disabled: false })}
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
                                triggerClassName={rowButton}
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
                                onConfirm={() => change(agent, { disabled: true })}
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
