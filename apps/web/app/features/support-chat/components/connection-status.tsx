/**
 * The socket's state in words (never a silent failure): "Connecting…", "Connected",
 * "Reconnecting in 3 s…", "Offline — messages will be sent when you are back". The countdown is
 * shown, not read out; assistive technology hears each change of state once.
 */
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import { useSecondsLeft } from "~/lib/live-chat/use-seconds-left";

export const connectionTexts = {
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  connected: "Connected",
  waiting: (seconds: number) => `Reconnecting in ${seconds} s…`,
  offline: "Offline — messages will be sent when you are back",
} as const;

function announcement(status: ConnectionStatus): string {
  switch (status.kind) {
    case "open":
      return connectionTexts.connected;
    case "reconnecting":
      return status.offline ? connectionTexts.offline : "Connection lost. Reconnecting…";
    case "connecting":
      return status.resuming ? connectionTexts.reconnecting : connectionTexts.connecting;
    default:
      return "";
  }
}

export function ConnectionStatusLine({
  status,
  onRetryNow,
}: {
  status: ConnectionStatus;
  onRetryNow: () => void;
}) {
  if (status.kind === "stopped" || status.kind === "idle") return null;
  const tone =
    status.kind === "open"
      ? "bg-teal"
      : status.kind === "reconnecting" && status.offline
        ? "bg-danger"
        : "bg-accent";
  return (
    <div className="flex min-h-6 flex-wrap items-center gap-x-2 text-sm text-muted">
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${tone}`} />
      <span data-testid="chat-connection" aria-hidden="true">
        {status.kind === "reconnecting" ? (
          status.offline ? (
            connectionTexts.offline
          ) : (
            <Countdown key={status.retryAt} until={status.retryAt} />
          )
        ) : (
          announcement(status)
        )}
      </span>
      {status.kind === "reconnecting" && !status.offline ? (
        <button
          type="button"
          onClick={onRetryNow}
          className="min-h-6 font-semibold text-brand underline underline-offset-4 hover:text-ink"
        >
          Try now
        </button>
      ) : null}
      <span className="sr-only" role="status">
        {announcement(status)}
      </span>
    </div>
  );
}

function Countdown({ until }: { until: number }) {
  const seconds = useSecondsLeft(until);
  return <>{seconds > 0 ? connectionTexts.waiting(seconds) : connectionTexts.reconnecting}</>;
}
