/**
 * The agent socket's state in a word or two: connected, connecting, reconnecting (with the seconds
 * left) or offline. Replies typed meanwhile wait in the outbox and go out on reconnect. The
 * countdown is shown, not read out; assistive technology hears each change of state once.
 */
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import { useSecondsLeft } from "~/lib/live-chat/use-seconds-left";
import { useConsoleState } from "./console-context";

function announcement(status: ConnectionStatus): string {
  switch (status.kind) {
    case "open":
      return "Connected";
    case "reconnecting":
      return status.offline ? "Offline" : "Connection lost. Reconnecting…";
    case "stopped":
      return "Disconnected";
    default:
      return "Connecting…";
  }
}

export function ConnectionBadge() {
  const status = useConsoleState((s) => s.connection);
  const dot =
    status.kind === "open"
      ? "bg-teal"
      : status.kind === "reconnecting" || status.kind === "stopped"
        ? "bg-danger"
        : "bg-accent";
  return (
    <p className="flex items-center gap-1.5 text-xs font-semibold whitespace-nowrap text-muted">
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      <span aria-hidden="true" data-testid="console-connection">
        {status.kind === "reconnecting" && !status.offline ? (
          <Countdown key={status.retryAt} until={status.retryAt} />
        ) : (
          announcement(status)
        )}
      </span>
      <span role="status" className="sr-only">
        {announcement(status)}
      </span>
    </p>
  );
}

function Countdown({ until }: { until: number }) {
  const seconds = useSecondsLeft(until);
  return <>{seconds > 0 ? `Reconnecting in ${seconds} s` : "Reconnecting…"}</>;
}
