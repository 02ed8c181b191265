/**
 * Online or away, chosen by the agent (PUT /api/agent/me/status): away takes no new chats and no
 * alerts for others' chats. Two radio buttons, so the keyboard moves between them with the arrows
 * and a screen reader says which one is chosen; the choice shows only once the server took it.
 */
import type { AgentStatus } from "@hourline/contracts/console-team";
import { useEffect, useState } from "react";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { failureMessage } from "../api/console-client";
import { fetchTeam } from "../api/conversation-team";
import { setMyStatus } from "../api/hygiene";
import { useConsoleState } from "./console-context";

const choices: { value: AgentStatus; label: string; hint: string }[] = [
  { value: "online", label: "Online", hint: "takes new chats" },
  { value: "away", label: "Away", hint: "no new chats" },
];

export function AvailabilityToggle() {
  const meId = useConsoleState((s) => s.me.id);
  const [status, setStatus] = useState<AgentStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // What the server holds (another tab may have chosen away).
  useEffect(() => {
    let cancelled = false;
    void fetchTeam().then((result) => {
      if (cancelled || !result.ok) return;
      const mine = result.data.find((m) => m.id === meId)?.availability;
      setStatus(mine === "away" ? "away" : "online");
    });
    return () => {
      cancelled = true;
    };
  }, [meId]);

  const choose = useOneAtATime(async (next: AgentStatus) => {
    setProblem(null);
    const result = await setMyStatus(next);
    if (!result.ok) {
      setProblem(failureMessage(result));
      return;
    }
    setStatus(result.data.agent.availability === "away" ? "away" : "online");
  });

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
              onChange={() => void choose.run(c.value)}
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
