/**
 * Which connection state a chat shows: trouble (a reconnect under way, the wait before the next
 * try, offline) only once it has lasted STATUS_SETTLE_MS, so a blip that heals within it never
 * flashes "Reconnecting…"; anything else (connected, a first connect, stopped) at once. The chat's
 * announcer waits as long before it reads a state out, so what is shown and what is heard agree.
 */
import { useEffect, useState } from "react";
import type { ConnectionStatus } from "./chat-connection";

/** How long trouble must last before it is shown or announced. */
export const STATUS_SETTLE_MS = 2_000;

/** A reconnect, the wait before one, or offline: what a short blip goes through. */
export function isTrouble(status: ConnectionStatus): boolean {
  return status.kind === "reconnecting" || (status.kind === "connecting" && status.resuming);
}

/**
 * Follows a connection's statuses and calls `show` with the one to show. While trouble waits to
 * be shown, the state shown before it stays; once shown, trouble follows every change (the
 * countdown to the next try) until a good state ends it. Timers are the global ones, so tests
 * drive them with fake timers.
 */
export class SettledStatus {
  private shown: ConnectionStatus;
  private latest: ConnectionStatus;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    initial: ConnectionStatus,
    private readonly show: (status: ConnectionStatus) => void,
    private readonly settleMs = STATUS_SETTLE_MS,
  ) {
    this.shown = initial;
    this.latest = initial;
  }

  update(status: ConnectionStatus): void {
    this.latest = status;
    if (!isTrouble(status)) {
      this.cancel();
      this.display(status);
    } else if (isTrouble(this.shown)) {
      this.display(status);
    } else {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.display(this.latest);
      }, this.settleMs);
    }
  }

  /** Stops a pending change (the component showing it is gone). */
  dispose(): void {
    this.cancel();
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private display(status: ConnectionStatus): void {
    if (status === this.shown) return;
    this.shown = status;
    this.show(status);
  }
}

/** The status to show for `status`, as SettledStatus decides. */
export function useSettledStatus(status: ConnectionStatus): ConnectionStatus {
  const [shown, setShown] = useState(status);
  const [settled] = useState(() => new SettledStatus(status, setShown));
  useEffect(() => settled.update(status), [settled, status]);
  useEffect(() => () => settled.dispose(), [settled]);
  return shown;
}
