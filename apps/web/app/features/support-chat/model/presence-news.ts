/**
 * When the chat tells the visitor that the team came or left: a change of agents' presence is
 * told once it has lasted STATUS_SETTLE_MS (an agent's console reconnecting sends "nobody" and
 * "online" moments apart), and only when it differs from what was last told. The presence known
 * when the chat starts is what the notice already shows, so it is never told.
 */
import { STATUS_SETTLE_MS } from "~/lib/live-chat/settled-status";

export class PresenceNews {
  private told: boolean | null;
  private latest: boolean | null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    initial: boolean | null,
    private readonly tell: (before: boolean, after: boolean) => void,
    private readonly settleMs = STATUS_SETTLE_MS,
  ) {
    this.told = initial;
    this.latest = initial;
  }

  update(online: boolean | null): void {
    if (online === null || online === this.latest) return;
    this.latest = online;
    this.cancel();
    // The first word on presence is the starting point, not news.
    if (this.told === null) {
      this.told = online;
      return;
    }
    if (online === this.told) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const before = this.told;
      this.told = online;
      if (before !== null) this.tell(before, online);
    }, this.settleMs);
  }

  /** Stops a pending change (the chat is gone). */
  dispose(): void {
    this.cancel();
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
