/**
 * When a starting console fetches its lists. Pushes reach a console only once its socket is open,
 * so the lists are fetched on every open of it (whatever changed while it was closed is caught up
 * then); fetched at start as well, they would come twice on every visit. So the first fetch waits
 * for the socket, but not for long: when the socket fails or takes longer than FIRST_LISTS_WAIT_MS
 * (a slow network, a proxy that holds WebSockets back) the lists come over HTTP at once, and again
 * when the socket opens later.
 */
import type { ConnectionEnv } from "~/lib/live-chat/chat-connection";

export const FIRST_LISTS_WAIT_MS = 1500;

export class FirstLists {
  private timer: unknown = null;
  private everOpened = false;

  constructor(
    private readonly env: Pick<ConnectionEnv, "setTimeout" | "clearTimeout">,
    private readonly fetchLists: () => void,
  ) {}

  /** The console started: the lists wait for the socket's first open, for a while. */
  start(): void {
    this.stop();
    this.everOpened = false;
    this.timer = this.env.setTimeout(() => this.now(), FIRST_LISTS_WAIT_MS);
  }

  /** No socket yet (it failed, or took too long): the lists are fetched now, if still waiting. */
  now(): void {
    if (this.timer === null) return;
    this.stop();
    this.fetchLists();
  }

  /**
   * The socket opened (the session fetches the lists on every open, this one's included): no
   * fetch waits any longer. True when it had been open before (a reconnect).
   */
  opened(): boolean {
    this.stop();
    const again = this.everOpened;
    this.everOpened = true;
    return again;
  }

  stop(): void {
    if (this.timer === null) return;
    this.env.clearTimeout(this.timer);
    this.timer = null;
  }
}
