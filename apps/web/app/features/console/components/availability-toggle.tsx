/**
 * Online or away, chosen by the agent (PUT /api/agent/me/status): away takes no new chats (alerts
 * follow the agent's alert settings either way). Two radio buttons, so the keyboard moves between
 * them with the arrows and a screen reader says which one is chosen; the choice shows only once
 * the server took it.
 * What the server holds is the session's (console-state-shape.ts `myStatus`): who-is-signed-in
 * answers it at start and after a reconnect, and the server's push of a change (from this tab or
 * another) keeps it live, so the team is not loaded for it. The choice is submitted to the team
 * route's action, one at a time.
 */
import type { AgentStatus } from "@hourline/contracts/console-team";
import { useState } from "react";
import { teamPath } from "../route-data/team-path";
import { useConsole, useConsoleState } from "./console-context";
import { useConsoleSubmit } from "./use-console-submit";

const choices: { value: AgentStatus; label: string; hint: string }[] = [
  { value: "online", label: "Online", hint: "takes new chats" },
  { value: "away", label: "Away", hint: "no new chats" },
];

/**
 * Puts the group's checks back on what the server holds: the browser moved the check to the
 * pressed choice, which shows only once the server took it. (React puts a controlled radio back by
 * itself; Preact, which the browser build runs on (docs/decisions/0062), leaves the press's check.)
 */
function showHeld(pressed: HTMLInputElement, held: AgentStatus | null) {
  const group = pressed
    .closest("fieldset")
    ?.querySelectorAll<HTMLInputElement>("input[type=radio]");
  for (const input of group ?? []) input.checked = input.value === held;
}

export function AvailabilityToggle() {
  const { session } = useConsole();
  // Unknown only if the server never said (the choices wait).
  const status = useConsoleState((s) => s.myStatus);
  const [problem, setProblem] = useState<string | null>(null);
  const { submit, pending } = useConsoleSubmit(teamPath);

  function choose(next: AgentStatus) {
    const sent = submit({ intent: "status", status: next }, (outcome) => {
      if (!outcome.ok) setProblem(outcome.message);
      // Taken: shown at once (the server's push of it follows).
      else session.setMe(session.getState().me, next);
    });
    if (sent) setProblem(null);
  }

  return (
    <fieldset className="mt-2" data-testid="availability">
      <legend className="text-xs font-semibold text-muted">Your status</legend>
      <div className="mt-1 grid grid-cols-2 gap-1 rounded-xl bg-sunken p-1">
        {choices.map((c) => (
          <label
            key={c.value}
            className={`flex min-h-9 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
              status === c.value ? "bg-surface text-ink shadow-sm" : "text-muted"
            }`}
            title={c.hint}
          >
            <input
              type="radio"
              name="availability"
              value={c.value}
              checked={status === c.value}
              disabled={status === null}
              aria-disabled={pending || undefined}
              onChange={(event) => {
                choose(c.value);
                showHeld(event.currentTarget, status);
              }}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${c.value === "online" ? "bg-teal" : "bg-accent"}`}
            />
            {c.label}
          </label>
        ))}
      </div>
      <p role="alert" className="mt-1 text-xs font-semibold text-danger empty:hidden">
        {problem}
      </p>
    </fieldset>
  );
}
