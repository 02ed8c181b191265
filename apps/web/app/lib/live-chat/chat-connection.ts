/**
 * A chat WebSocket kept alive (the visitor's widget and the agents' console both use it): it
 * reconnects after any close with exponential backoff and jitter (reconnect-backoff.ts), at once
 * when the browser comes back online or the tab becomes visible again, and reports an explicit
 * status the interface shows. Where the upgrade fails, or no frame comes in time (a proxy that
 * strips Upgrade or holds frames back), it switches by itself to the HTTP fallback (server-sent
 * events down, POST up, same frames) and tries the WebSocket again now and then, moving back when
 * one opens. The browser, the timers and the clock are passed in, so tests drive it with fake
 * sockets and fake timers.
 */
import { HttpFallbackSocket, fallbackUrlOf } from "./http-fallback-socket";
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
  /** The HTTP fallback for a socket's URL; without it the connection only ever uses sockets. */
  createFallback?(socketUrl: string): SocketLike;
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

export interface FallbackTiming {
  /** A socket not open after this long is given up for the fallback. */
  openMs: number;
  /**
   * A socket open this long without a frame is given up too (a proxy that holds frames back);
   * only for sides whose server speaks first (the visitor's presence frame), else undefined.
   */
  firstFrameMs?: number | undefined;
  /** While on the fallback, the WebSocket is tried again after this long, doubling to 10 min. */
  retrySocketMs: number;
}

export const defaultFallbackTiming: FallbackTiming = {
  openMs: 8000,
  retrySocketMs: 60_000,
};

const MAX_SOCKET_RETRY_MS = 10 * 60_000;

/** `Out`: the frames this side may send (the contract's VisitorFrame or AgentFrame). */
export class ChatConnection<Out extends object> {
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private everOpened = false;
  private status: ConnectionStatus = { kind: "idle" };
  private unwatch: (() => void) | null = null;
  /** Which transport the next attempt uses: the socket, until it fails to open or to speak. */
  private mode: "websocket" | "http" = "websocket";
  /** A socket watched before it counts (its open or its first frame), and its timer. */
  private watchdog: unknown = null;
  /** While on the fallback: the socket tried in the background, and when the next try is. */
  private probe: SocketLike | null = null;
  private probeTimer: unknown = null;
  private probeDelay: number;
  private readonly timing: FallbackTiming;

  constructor(
    private readonly url: string,
    private readonly env: ConnectionEnv,
    private readonly events: ConnectionEvents,
    timing: Partial<FallbackTiming> = {},
  ) {
    this.timing = { ...defaultFallbackTiming, ...timing };
    this.probeDelay = this.timing.retrySocketMs;
  }

  get current(): ConnectionStatus {
    return this.status;
  }

  /** The transport in use or being tried: the WebSocket or the HTTP fallback. */
  get transport(): "websocket" | "http" {
    return this.mode;
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
    this.clearWatchdog();
    this.stopProbe();
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
    this.clearWatchdog();
    this.setStatus({ kind: "connecting", resuming: this.everOpened });
    const fallback = this.env.createFallback;
    const http = this.mode === "http" && fallback !== undefined;
    let socket: SocketLike;
    try {
      socket = http
        ? fallback.call(this.env, fallbackUrlOf(this.url))
        : this.env.createSocket(this.url);
    } catch {
      this.closed(false, 1006);
      return;
    }
    this.socket = socket;
    let opened = false;
    let heard = false;
    // Behind a proxy that strips Upgrade a socket may hang instead of failing: watched, when
    // there is a fallback to go to.
    if (!http && fallback) {
      this.watchdog = this.env.setTimeout(() => this.gaveUp(socket, opened), this.timing.openMs);
    }
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.clearWatchdog();
      if (!http && fallback && this.timing.firstFrameMs !== undefined) {
        this.watchdog = this.env.setTimeout(
          () => this.gaveUp(socket, true),
          this.timing.firstFrameMs,
        );
      }
      this.attempt = 0;
      this.everOpened = true;
      this.setStatus({ kind: "open" });
      this.events.onOpen();
      if (http) this.scheduleProbe();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      if (!heard) {
        heard = true;
        if (!http) this.clearWatchdog();
      }
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
      this.clearWatchdog();
      if (!opened && fallback) this.mode = http ? "websocket" : "http";
      this.closed(opened, event.code, !http && !opened && fallback !== undefined);
    };
  }

  /** A socket that did not open, or did not speak, in time: over to the fallback at once. */
  private gaveUp(socket: SocketLike, opened: boolean) {
    this.watchdog = null;
    if (this.socket !== socket) return;
    this.detach();
    try {
      socket.close(CLOSE_GOING_OFFLINE, "no answer");
    } catch {
      // Nothing to close.
    }
    this.mode = "http";
    this.closed(opened, 1006, true);
  }

  /** While on the fallback: tries a WebSocket in the background, and moves to it once it opens. */
  private scheduleProbe() {
    if (this.probeTimer !== null || this.probe) return;
    this.probeTimer = this.env.setTimeout(() => {
      this.probeTimer = null;
      if (this.mode !== "http" || this.status.kind !== "open") return;
      let probe: SocketLike;
      try {
        probe = this.env.createSocket(this.url);
      } catch {
        this.probeFailed();
        return;
      }
      this.probe = probe;
      const adopt = () => {
        if (this.probe !== probe) return;
        this.probe = null;
        this.adopt(probe);
      };
      const timer = this.env.setTimeout(
        () => {
          if (this.probe !== probe) return;
          this.stopProbe();
          this.probeFailed();
        },
        this.timing.openMs + (this.timing.firstFrameMs ?? 0),
      );
      probe.onerror = () => undefined;
      probe.onclose = () => {
        if (this.probe !== probe) return;
        this.env.clearTimeout(timer);
        this.probe = null;
        this.probeFailed();
      };
      // A side whose server speaks first moves once a frame came through; that frame counts.
      const waitForFrame = this.timing.firstFrameMs !== undefined;
      probe.onopen = () => {
        if (!waitForFrame) {
          this.env.clearTimeout(timer);
          adopt();
        }
      };
      probe.onmessage = (event) => {
        if (!waitForFrame || this.probe !== probe) return;
        this.env.clearTimeout(timer);
        adopt();
        probe.onmessage?.(event);
      };
    }, this.probeDelay);
  }

  private probeFailed() {
    this.probeDelay = Math.min(this.probeDelay * 2, MAX_SOCKET_RETRY_MS);
    this.scheduleProbe();
  }

  private stopProbe() {
    if (this.probeTimer !== null) this.env.clearTimeout(this.probeTimer);
    this.probeTimer = null;
    const probe = this.probe;
    this.probe = null;
    if (probe) {
      probe.onopen = probe.onmessage = probe.onerror = probe.onclose = null;
      try {
        probe.close(1000, "done");
      } catch {
        // Already closed.
      }
    }
  }

  /** The background socket opened: it replaces the fallback, and the client catches up. */
  private adopt(probe: SocketLike) {
    const old = this.detach();
    try {
      old?.close(1000, "upgraded");
    } catch {
      // Already closed.
    }
    this.mode = "websocket";
    this.probeDelay = this.timing.retrySocketMs;
    this.socket = probe;
    probe.onopen = null;
    probe.onerror = () => undefined;
    probe.onmessage = (event) => {
      if (this.socket !== probe || typeof event.data !== "string") return;
      let frame: unknown;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.events.onFrame(frame);
    };
    probe.onclose = (event) => {
      if (this.socket !== probe) return;
      this.socket = null;
      this.closed(true, event.code);
    };
    this.events.onOpen();
  }

  /** `switching`: the socket failed and the fallback is tried at once, without a backoff. */
  private closed(opened: boolean, code: number, switching = false) {
    if (this.status.kind === "stopped") return;
    this.stopProbe();
    this.events.onClose({ opened, code });
    // The listener may have stopped the connection (an ended chat, a lost session).
    if (this.isStopped()) return;
    if (switching && this.env.isOnline()) {
      this.connect();
      return;
    }
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

  private clearWatchdog() {
    if (this.watchdog !== null) this.env.clearTimeout(this.watchdog);
    this.watchdog = null;
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
    createFallback: (url) => new HttpFallbackSocket(url),
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
