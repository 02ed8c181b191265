/**
 * The HTTP fallback's down direction: one `text/event-stream` response that answers to the same
 * calls as a WebSocket (ChatSocket), so the connection records, the registry, the heartbeat and
 * the broker's fan-out serve it unchanged. Each frame is one event whose data is the frame's JSON;
 * a close is an `event: close` naming the code (4401: the session ended), then the end of the
 * response. Frames up come as POSTs (event-streams.ts), not through this object.
 */
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import type { ChatSocket } from "./socket-connection";

const OPEN = 1;
const CLOSED = 3;

/** Closed without a close event (the client went away, the connection broke). */
const ABNORMAL = 1006;

/**
 * Emits `close` (code) once, whatever ended the stream, and `pong` when a heartbeat comment was
 * handed to the kernel (a dead peer makes the write fail, and the next beat terminates it).
 */
export class EventStreamSocket extends EventEmitter implements ChatSocket {
  readonly OPEN = OPEN;
  readyState: number = OPEN;

  /**
   * Frames written in one turn leave in one write (socket-connection.ts corks it): corking the
   * response corks its connection, and ending the response uncorks it fully.
   */
  get corkable(): ServerResponse {
    return this.response;
  }

  constructor(private readonly response: ServerResponse) {
    super();
    response.on("close", () => this.finish(ABNORMAL));
    response.on("error", () => this.finish(ABNORMAL));
  }

  /** Writes the stream's head: no buffering on the way (nginx reads X-Accel-Buffering). */
  open(): void {
    this.response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
      "X-Content-Type-Options": "nosniff",
      Connection: "keep-alive",
    });
    // The first bytes tell the browser the stream is open, before any frame; the retry field
    // keeps the browser from reconnecting on its own (the client decides when to come back).
    this.response.write("retry: 86400000\n: open\n\n");
  }

  send(data: string): void {
    if (this.readyState !== OPEN) return;
    // JSON.stringify never writes a raw newline, so a frame is always one data line.
    this.response.write(`data: ${data}\n\n`);
  }

  ping(): void {
    if (this.readyState !== OPEN) return;
    this.response.write(": ping\n\n", (err) => {
      if (!err) this.emit("pong");
    });
  }

  close(code = 1000, reason = ""): void {
    if (this.readyState !== OPEN) return;
    this.response.end(`event: close\ndata: ${JSON.stringify({ code, reason })}\n\n`);
    this.finish(code);
  }

  terminate(): void {
    if (this.readyState !== OPEN) return;
    this.response.destroy();
    this.finish(ABNORMAL);
  }

  private finish(code: number): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.emit("close", code);
  }
}
