/**
 * The agent socket's state in a word or two: connected, connecting, reconnecting (with the seconds
 * left) or offline. Replies typed meanwhile wait in the outbox and go out on reconnect.
 */
import { useEffect, useState } from "react";
import { useConsoleState } from "./console-context";

export function ConnectionBadge() {
  const status = useConsoleState((s) => s.connection);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (status.kind !== "reconnecting") return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [status]);

  let text: string;
  let tone: "ok" | "wait" | "bad";
  switch (status.kind) {
    case "open":
      text = "Connected";
      tone = "ok";
      break;
    case "reconnecting": {
      const seconds = Math.max(0, Math.ceil((status.retryAt - now) / 1000));
      text = status.offline ? "Offline" : `Reconnecting in ${seconds} s`;
      tone = "bad";
      break;
    }
    case "stopped":
      text = "Disconnected";
      tone = "bad";
      break;
    default:
      text = "Connecting…";
      tone = "wait";
  }
  const dot = tone === "ok" ? "bg-teal" : tone === "wait" ? "bg-accent" : "bg-danger";
  return (
    <p
      role="status"
      data-testid="console-connection"
      className="flex items-center gap-1.5 text-xs font-semibold whitespace-nowrap text-muted"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      {text}
    </p>
  );
}
