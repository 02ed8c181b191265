/**
 * The chat's HTTP fallback as a SocketLike, for networks whose proxies refuse the WebSocket
 * upgrade: frames come down an EventSource on /sse/... and go up as POSTs to the same address,
 * one after another so they keep their order. A POST's answer carries the frames the socket
 * would have been sent in reply (the ack, or an error), handed on like pushed frames. The server
 * ends a stream with an `event: close` naming the socket's close code.
 */
/** A close without a code: the stream broke or was never opened. */
const ABNORMAL = 1006;
/** The session is gone (a 401/403 to a POST reads as the socket's "session ended"). */
const SESSION_ENDED = 4401;

/** The fallback's address for a socket's: `wss://host/ws/x/` -> `https://host/sse/x/`. */
export function fallbackUrlOf(socketUrl: string): string {
  const url = new URL(socketUrl);
  url.protocol = url.protocol === "wss:" ? "https:" : "http:";
  url.pathname = url.pathname.replace(/^\/ws\//, "/sse/");
  return url.toString();
}

/** Answers to the same calls as chat-connection.ts's SocketLike (a WebSocket's). */
export class HttpFallbackSocket {
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly source: EventSource;
  private posting: Promise<void> = Promise.resolve();
  private done = false;

  constructor(private readonly url: string) {
    this.source = new EventSource(url);
    this.source.onopen = () => this.onopen?.({});
    this.source.onmessage = (event: MessageEvent<string>) => this.onmessage?.({ data: event.data });
    this.source.addEventListener("close", (event) => {
      let code = ABNORMAL;
      try {
        const parsed = JSON.parse((event as MessageEvent<string>).data) as { code?: unknown };
        if (typeof parsed.code === "number") code = parsed.code;
      } catch {
        // A close event we cannot read is still a close.
      }
      this.finish(code);
    });
    // EventSource would reconnect on its own; the connection decides when and how to come back.
    this.source.onerror = () => this.finish(ABNORMAL);
  }

  send(data: string): void {
    if (this.done) throw new Error("closed");
    this.posting = this.posting.then(() => this.post(data));
  }

  close(): void {
    this.done = true;
    this.source.close();
  }

  /**
   * Frames sent before a close still go (a chat_end is sent and the connection stopped at once,
   * as a socket flushes what was sent before its close); their answers reach nobody.
   */
  private async post(data: string): Promise<void> {
    let status: number;
    let frames: unknown;
    try {
      const response = await fetch(this.url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: data,
        credentials: "same-origin",
      });
      status = response.status;
      const body = (await response.json().catch(() => null)) as { frames?: unknown } | null;
      frames = body?.frames;
    } catch {
      this.finish(ABNORMAL);
      return;
    }
    if (Array.isArray(frames)) {
      for (const frame of frames) this.onmessage?.({ data: JSON.stringify(frame) });
    } else if (status === 401 || status === 403) {
      this.finish(SESSION_ENDED);
    } else if (status >= 400) {
      // Lost on the way (a proxy's error, a restart): the connection reconnects and the outbox
      // sends again what was not acknowledged.
      this.finish(ABNORMAL);
    }
  }

  private finish(code: number): void {
    if (this.done) return;
    this.done = true;
    this.source.close();
    this.onclose?.({ code });
  }
}
