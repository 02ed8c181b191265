/**
 * A chat WebSocket kept alive (the visitor's widget and the agents' console both use it): it
 * reconnects after any close with exponential backoff and jitter (reconnect-backoff.ts), at once
 * when the browser comes back online or the tab becomes visible again, and reports an explicit
 * status the interface shows. The browser, the timers and the
 * clock are passed in, so tests drive it with a fake socket and fake timers.
 */
import { reconnectDelay } from "./reconnect-backoff";

export type ConnectionStatus =
  | { kind: "idle" }
  /** `resuming`: a connection was open before, so this is a reconnect. */
  | { kind: "connecting"; resuming: boolean }
  | { kind: "open" }
  /** Waiting until `retryAt` (ms since the epoch) for the next attempt. */
  | { kind: "reconnecting"; retryAt: number; offline: boolean }
  | { kind: "stopped" };

/** What the connection needs of a WebSocket (the browser's, or a test's fake). */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type NetworkEvent = "online" | "offline" | "visible";

export interface ConnectionEnv {
  createSocket(url: string): SocketLike;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  random(): number;
  isOnline(): boolean;
  /** Calls back on the browser's online/offline events and when the tab becomes visible. */
  watchNetwork(listener: (event: NetworkEvent) => void): () => void;
}

export interface ConnectionEvents {
  onStatus(status: ConnectionStatus): void;
  onOpen(): void;
  onFrame(frame: unknown): void;
  /** Every close we did not ask for; `opened` is false when the upgrade itself failed. */
  onClose(info: { opened: boolean; code: number }): void;
}

/**
 * Whether a close may mean that the session behind the socket is gone, so the client should ask
 * the server: a refused upgrade looks like any failed connection, and the server closes with 1008
 * (policy) or 4401 (session ended) when it drops a socket for what its session did.
 */
export function mayMeanSessionLost({ opened, code }: { opened: boolean; code: number }): boolean {
  return !opened || code === 1008 || code === 4401 || code === 4403;
}

/** The close code we use when we drop a socket that the network has already lost. */
const CLOSE_GOING_OFFLINE = 4000;

/** `Out`: the frames this side may send (the contract's VisitorFrame or AgentFrame). */
export class ChatConnection<Out extends object> {
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private everOpened = false;
  private status: ConnectionStatus = { kind: "idle" };
  private unwatch: (() => void) | null = null;

  constructor(
    private readonly url: string,
    private readonly env: ConnectionEnv,
    private readonly events: ConnectionEvents,
  ) {}

  get current(): ConnectionStatus {
    return this.status;
  }

  start(): void {
    if (this.status.kind !== "idle") return;
    this.unwatch = this.env.watchNetwork((event) => this.onNetwork(event));
    this.connect();
  }

  /** Sends a frame when the socket is open; false when it is not (the caller queues). */
  send(frame: Out): boolean {
    if (this.status.kind !== "open" || !this.socket) return false;
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /** Closes for good: no more reconnects. */
  stop(): void {
    if (this.status.kind === "stopped") return;
    this.clearTimer();
    this.unwatch?.();
    this.unwatch = null;
    const socket = this.detach();
    try {
      socket?.close(1000, "done");
    } catch {
      // Already closed.
    }
    this.setStatus({ kind: "stopped" });
  }

  /** Tries now instead of waiting out the backoff (online again, tab visible, a manual retry). */
  reconnectNow(): void {
    if (this.status.kind !== "reconnecting") return;
    this.attempt = 0;
    this.connect();
  }

  private onNetwork(event: NetworkEvent) {
    if (event === "offline") {
      // The socket may look open for minutes after the network went away; drop it now so the
      // panel says "Offline" and messages queue instead of vanishing into a dead socket.
      if (this.status.kind === "open" || this.status.kind === "connecting") {
        const socket = this.detach();
        try {
          socket?.close(CLOSE_GOING_OFFLINE, "offline");
        } catch {
          // Nothing to close.
        }
        this.closed(this.status.kind === "open", CLOSE_GOING_OFFLINE);
      } else if (this.status.kind === "reconnecting") {
        this.setStatus({ ...this.status, offline: true });
      }
      return;
    }
    this.reconnectNow();
  }

  private connect() {
    this.clearTimer();
    this.setStatus({ kind: "connecting", resuming: this.everOpened });
    let socket: SocketLike;
    try {
      socket = this.env.createSocket(this.url);
    } catch {
      this.closed(false, 1006);
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.attempt = 0;
      this.everOpened = true;
      this.setStatus({ kind: "open" });
      this.events.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      let frame: unknown;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.events.onFrame(frame);
    };
    // A failed upgrade fires error then close; close alone decides what happens next.
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(opened, event.code);
    };
  }

  private closed(opened: boolean, code: number) {
    if (this.status.kind === "stopped") return;
    this.events.onClose({ opened, code });
    // The listener may have stopped the connection (an ended chat, a lost session).
    if (this.isStopped()) return;
    const delay = reconnectDelay(this.attempt, this.env.random);
    this.attempt++;
    this.setStatus({
      kind: "reconnecting",
      retryAt: this.env.now() + delay,
      offline: !this.env.isOnline(),
    });
    this.timer = this.env.setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private isStopped(): boolean {
    return this.status.kind === "stopped";
  }

  private detach(): SocketLike | null {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    return socket;
  }

  private clearTimer() {
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: ConnectionStatus) {
    this.status = status;
    this.events.onStatus(status);
  }
}

/** The real browser behind ConnectionEnv. */
export function browserConnectionEnv(): ConnectionEnv {
  return {
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    now: () => Date.now(),
    random: () => Math.random(),
    isOnline: () => navigator.onLine,
    watchNetwork(listener) {
      const online = () => listener("online");
      const offline = () => listener("offline");
      const visible = () => {
        if (document.visibilityState === "visible") listener("visible");
      };
      window.addEventListener("online", online);
      window.addEventListener("offline", offline);
      document.addEventListener("visibilitychange", visible);
      return () => {
        window.removeEventListener("online", online);
        window.removeEventListener("offline", offline);
        document.removeEventListener("visibilitychange", visible);
      };
    },
  };
}
