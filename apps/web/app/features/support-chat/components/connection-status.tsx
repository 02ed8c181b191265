/**
 * The socket's state in words (never a silent failure): "Connecting…", "Connected",
 * "Reconnecting in 3 s…", "Offline — messages will be sent when you are back". Trouble is shown
 * only once it has lasted (settled-status.ts): a blip that heals at once does not flash
 * "Reconnecting…". Shown, not read out: the chat's announcer (chat-announcer.tsx) tells a state
 * once it has lasted as long.
 */
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import { useSettledStatus } from "~/lib/live-chat/settled-status";
import { useSecondsLeft } from "~/lib/live-chat/use-seconds-left";
import { t, tPlural } from "../i18n/chat-language";

/** In the widget's active language (i18n/chat-language.ts). */
export const connectionTexts = {
  get connecting() {
    return t("connecting");
  },
  get reconnecting() {
    return t("reconnecting");
  },
  get connected() {
    return t("connected");
  },
  waiting: (seconds: number) => tPlural("reconnectIn", seconds),
  get offline() {
    return t("offline");
  },
  get tryNow() {
    return t("tryNow");
  },
};

function shownText(status: ConnectionStatus): string {
  switch (status.kind) {
    case "open":
      return connectionTexts.connected;
    case "connecting":
      return status.resuming ? connectionTexts.reconnecting : connectionTexts.connecting;
    default:
      return "";
  }
}

export function ConnectionStatusLine({
  status: current,
  onRetryNow,
}: {
  status: ConnectionStatus;
  onRetryNow: () => void;
}) {
  const status = useSettledStatus(current);
  if (status.kind === "stopped" || status.kind === "idle") return null;
  const tone =
    status.kind === "open"
      ? "bg-teal"
      : status.kind === "reconnecting" && status.offline
        ? "bg-danger"
        : "bg-accent";
  return (
    <div className="flex min-h-6 flex-wrap items-center gap-x-2 text-sm text-muted">
      {/* The dot stays on the first line of its words. */}
      <span className="inline-flex min-w-0 items-baseline gap-2">
        <span
          aria-hidden="true"
          className={`size-2.5 shrink-0 translate-y-[-1px] rounded-full ${tone}`}
        />
        <span data-testid="chat-connection">
          {status.kind === "reconnecting" ? (
            status.offline ? (
              connectionTexts.offline
            ) : (
              <Countdown key={status.retryAt} until={status.retryAt} />
            )
          ) : (
            shownText(status)
          )}
        </span>
      </span>
      {status.kind === "reconnecting" && !status.offline ? (
        <button
          type="button"
          onClick={onRetryNow}
          className="min-h-6 font-semibold text-brand underline underline-offset-4 hover:text-ink pointer-coarse:min-h-11 pointer-coarse:px-2"
        >
          {connectionTexts.tryNow}
        </button>
      ) : null}
    </div>
  );
}

function Countdown({ until }: { until: number }) {
  const seconds = useSecondsLeft(until);
  return <>{seconds > 0 ? connectionTexts.waiting(seconds) : connectionTexts.reconnecting}</>;
}
