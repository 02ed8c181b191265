/**
 * One chat socket as the transport sees it: its connection record (heartbeat slice, flood bucket,
 * frame queue), the count of open sockets per key, sending a typed frame, and reading frames in
 * order, each admitted by the socket's token bucket and parsed by the contract's schema.
 */
import { apiError, fieldErrors, type SchemaIssues } from "@hourline/contracts/api-error";
import { chatLimits } from "@hourline/contracts/chat-message";
import type {
  AgentServerFrame,
  ErrorFrame,
  VisitorServerFrame,
} from "@hourline/contracts/chat-server-frames";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import { ChatRuleError } from "../../chat/chat-rule-error";
import type { TokenBucket } from "../../chat/token-bucket";

/**
 * Close codes: 1001 server going away, 1008 policy (flood, too many sockets), 4401 session ended.
 */
export const closeCodes = { goingAway: 1001, policy: 1008, sessionEnded: 4401 } as const;

/** Dropped frames after which a flooding socket is closed. */
const MAX_DROPPED = 40;

export interface Connection {
  socket: WebSocket;
  /** This socket in the broker's presence sets: `<instanceId>:<sequence>`. */
  member: string;
  /** Which slice of the heartbeat checks this socket, and how many beats it has had. */
  slice: number;
  beats: number;
  alive: boolean;
  bucket: TokenBucket;
  dropped: number;
  lastRateNotice: number;
  queue: Promise<void>;
  request: FastifyRequest;
}

/** What onFrames needs of a contract schema. */
export interface FrameSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: SchemaIssues };
}

/** How many sockets are open per key; a key at zero is forgotten. */
export class SocketCounts {
  private readonly counts = new Map<string, number>();

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Counts one more socket under `key` unless `max` are open already. */
  take(key: string, max: number): boolean {
    const n = this.count(key);
    if (n >= max) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = this.count(key) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }
}

export function send(socket: WebSocket, frame: VisitorServerFrame | AgentServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function errorFrame(
  code: ErrorFrame["code"],
  message: string,
  clientId?: string | undefined,
): ErrorFrame {
  return { message_type: "error", code, message, ...(clientId ? { client_id: clientId } : {}) };
}

function clientIdOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const id = (value as { client_id?: unknown }).client_id;
  return typeof id === "string" && id.length <= chatLimits.clientId ? id : undefined;
}

function parseFrame(
  data: RawData,
  isBinary: boolean,
): { ok: true; value: unknown } | { ok: false } {
  if (isBinary) return { ok: false };
  try {
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString("utf8")
      : Buffer.from(data as ArrayBuffer).toString("utf8");
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Takes one frame from the socket's budget; a flood gets one notice a second, then a close. */
function admit(conn: Connection, clientId: string | undefined): boolean {
  if (conn.bucket.take()) return true;
  conn.dropped += 1;
  if (conn.dropped > MAX_DROPPED) {
    conn.socket.close(closeCodes.policy, "Too many messages");
    return false;
  }
  const now = Date.now();
  if (clientId || now - conn.lastRateNotice > 1000) {
    conn.lastRateNotice = now;
    send(
      conn.socket,
      errorFrame(
        "rate_limited",
        "You are sending messages too fast. Please wait a moment.",
        clientId,
      ),
    );
  }
  return false;
}

/**
 * Handles the socket's frames in order, each parsed by `schema` (a frame that fails gets a
 * bad_frame error naming its client_id) and answered with what `handle` returns (an ack). A
 * ChatRuleError becomes an error frame. Listening starts at once, so nothing sent during the set-up
 * is lost; frames wait until the returned function is called.
 */
export function onFrames<T>(
  conn: Connection,
  schema: FrameSchema<T>,
  handle: (frame: T) => Promise<VisitorServerFrame | AgentServerFrame | undefined>,
): () => void {
  let ready!: () => void;
  conn.queue = new Promise<void>((resolve) => (ready = resolve));
  conn.socket.on("message", (data, isBinary) => {
    const parsed = parseFrame(data, isBinary);
    if (!parsed.ok) {
      if (admit(conn, undefined)) {
        send(conn.socket, errorFrame("bad_frame", "Frames are JSON text."));
      }
      return;
    }
    const clientId = clientIdOf(parsed.value);
    if (!admit(conn, clientId)) return;
    conn.queue = conn.queue
      .then(async () => {
        const result = schema.safeParse(parsed.value);
        if (!result.success) {
          const message = Object.values(fieldErrors(result.error))[0];
          throw new ChatRuleError("bad_frame", message ?? "That frame is not understood.");
        }
        const answer = await handle(result.data);
        if (answer) send(conn.socket, answer);
      })
      .catch((err: unknown) => {
        if (err instanceof ChatRuleError) {
          send(conn.socket, errorFrame(err.code, err.message, clientId));
          return;
        }
        conn.request.log.error({ err }, "chat frame failed");
        send(
          conn.socket,
          errorFrame(
            "internal",
            "Your message could not be saved. It will be sent again.",
            clientId,
          ),
        );
      });
  });
  return ready;
}

/** An upgrade refused before it happens, as an HTTP answer in the API's error shape. */
export function refuseUpgrade(reply: FastifyReply, status: 401 | 403, message: string) {
  return reply
    .code(status)
    .send(apiError(status, status === 401 ? "unauthorized" : "forbidden", message));
}

/**
 * A socket's address asked over plain HTTP (no Upgrade header) by someone who may connect: told
 * what the address is for, in the API's error shape (the plugin's own answer is an empty 404).
 */
export function upgradeRequired(reply: FastifyReply) {
  return reply
    .code(426)
    .header("Upgrade", "websocket")
    .send(apiError(426, "bad_request", "This address takes WebSocket connections only."));
}
