/**
 * One chat socket as the transport sees it: its connection record (heartbeat slice, flood bucket,
 * frame queue), sending a typed frame, and reading frames in order, each admitted by the socket's
 * token bucket and parsed by the contract's schema. A server holds tens of thousands of idle
 * sockets, so each keeps little: one record of a class (every record shares its hidden class) and
 * no closure of its own; the socket's listeners are shared functions that find the record on the
 * socket.
 */
import { apiError, fieldErrors, type SchemaIssues } from "@hourline/contracts/api-error";
import { chatLimits } from "@hourline/contracts/chat-message";
import type {
  AgentServerFrame,
  ErrorFrame,
  VisitorServerFrame,
} from "@hourline/contracts/chat-server-frames";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import { ChatRuleError } from "../../chat/chat-rule-error";
import { isDatabaseUnavailable } from "../../db/database-unavailable";
import type { TokenBucket } from "../../chat/token-bucket";
import type { HourlineMetrics, Side } from "../../metrics/hourline-metrics";

/**
 * Close codes: 1001 server going away, 1008 policy (flood, too many sockets), 4401 session ended.
 */
export const closeCodes = { goingAway: 1001, policy: 1008, sessionEnded: 4401 } as const;

/** Where every connection's frame queue starts: one settled promise shared by all. */
const settledQueue = Promise.resolve();

/** Dropped frames after which a flooding socket is closed. */
const MAX_DROPPED = 40;

/** What every connection shares: the server's logger and the count of refused frames. */
export interface ConnectionContext {
  log: FastifyBaseLogger;
  /** Counts a frame the flood limit dropped (the metrics' rate-limit refusals). */
  refused(): void;
}

export type ServerFrame = VisitorServerFrame | AgentServerFrame;

/**
 * What the chat needs of a connection's transport: a WebSocket, or the HTTP fallback's event
 * stream (event-stream-socket.ts), which answers to the same calls.
 */
export interface ChatSocket {
  readonly readyState: number;
  readonly OPEN: number;
  /**
   * What its writes can be corked on, when it is not a ws socket's own TCP socket: the event
   * stream's response.
   */
  readonly corkable?: Corkable | undefined;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

export interface ConnectionInit {
  socket: ChatSocket;
  member: string;
  slice: number;
  bucket: TokenBucket;
  context: ConnectionContext;
  reqId: string;
  credentials: SocketCredentials;
}

/**
 * One socket's record. The pong listener marks this very object alive, so it is never copied. It
 * keeps what the socket needs of its upgrade request (cookies, the request's id for the log) and
 * nothing else of it: the request and its response are left to the garbage collector.
 */
export abstract class Connection {
  /** Which slice of the heartbeat checks this socket, and how many beats it has had. */
  readonly slice: number;
  beats = 0;
  alive = true;
  dropped = 0;
  lastRateNotice = 0;
  /** Frames are handled one after another, in the order they came (none before it is ready). */
  queue: Promise<void> = settledQueue;
  /**
   * The messages refused for now (the database away), oldest first, each with when it last was:
   * until the oldest comes again and is stored, a newer message is refused too, so the messages a
   * client sends again are stored in the order it wrote them.
   */
  readonly refusedForNow = new Map<string, number>();

  readonly socket: ChatSocket;
  /** This socket in the broker's presence sets: `<instanceId>:<sequence>`. */
  readonly member: string;
  readonly bucket: TokenBucket;
  readonly context: ConnectionContext;
  /** The upgrade request's id, in every line logged of this socket. */
  readonly reqId: string;
  /**
   * What the session is re-checked with: the upgrade's cookies, and nothing else of the request
   * (the upgrade request itself, its headers and its response are left to the garbage collector).
   */
  readonly credentials: SocketCredentials;
  /** When the socket opened: its lifetime is logged when it closes. */
  readonly openedAt = Date.now();

  constructor(init: ConnectionInit) {
    this.socket = init.socket;
    this.member = init.member;
    this.slice = init.slice;
    this.bucket = init.bucket;
    this.context = init.context;
    this.reqId = init.reqId;
    this.credentials = init.credentials;
  }

  /** Parses one frame with the contract's schema and does what it asks; the answer is sent. */
  abstract handleFrame(value: unknown): Promise<ServerFrame | undefined>;

  /** The socket closed (whatever closed it). */
  abstract closed(code: number): void;

  /** Which side this socket serves, in its metrics and log lines. */
  abstract readonly kind: Side;

  /** Counts the close in the metrics and logs it with the socket's lifetime (no personal data). */
  protected noteClosed(metrics: Pick<HourlineMetrics, "socketClosed">, code: number) {
    metrics.socketClosed(this.kind);
    this.context.log.info(
      {
        requestId: this.reqId,
        side: this.kind,
        code,
        seconds: Math.round((Date.now() - this.openedAt) / 1000),
      },
      "chat socket closed",
    );
  }
}

const connectionKey = Symbol("hourline.connection");

type WithConnection = WebSocket & { [connectionKey]?: Connection };

function connectionOf(socket: WebSocket): Connection | undefined {
  return (socket as WithConnection)[connectionKey];
}

/**
 * Attaches `conn` to its socket and starts listening: frames are read at once (so nothing sent
 * during the set-up is lost) and handled in order once the returned function is called.
 */
export function listen(conn: Connection, webSocket: WebSocket): () => void {
  const socket = webSocket as WithConnection;
  socket[connectionKey] = conn;
  // The plugin's error listener closes over the request and its reply: ours over neither.
  socket.removeAllListeners("error");
  socket.on("error", onSocketError);
  socket.on("pong", onPong);
  socket.on("message", onMessage);
  socket.on("close", onClose);
  const waiting: { value: unknown; clientId: string | undefined }[] = [];
  pendingFrames.set(conn, waiting);
  return () => {
    pendingFrames.delete(conn);
    for (const { value, clientId } of waiting) enqueue(conn, value, clientId);
  };
}

/** Frames that arrived before their connection was ready, in order. */
const pendingFrames = new WeakMap<Connection, { value: unknown; clientId: string | undefined }[]>();

function onPong(this: WebSocket) {
  const conn = connectionOf(this);
  if (conn) conn.alive = true;
}

function onClose(this: WebSocket, code: number) {
  connectionOf(this)?.closed(code);
}

function onSocketError(this: WebSocket, error: Error) {
  const conn = connectionOf(this);
  if (conn) socketFailed(error, this, conn.context.log, conn.reqId);
}

/**
 * A socket error. A frame over the limit, bad UTF-8 or a broken frame is the peer's doing (ws names
 * these WS_ERR_* and has already begun closing with the matching code): that is worth a line, not
 * an alert. Anything else is ours.
 */
export function socketFailed(
  error: Error,
  socket: WebSocket,
  log: FastifyBaseLogger,
  reqId: string,
): void {
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === "string" && code.startsWith("WS_ERR_")) {
    log.info({ requestId: reqId, code, reason: error.message }, "chat socket closed: bad frame");
  } else {
    log.error({ requestId: reqId, err: error }, "chat socket failed");
  }
  // ws has already written the close frame with its code; it leaves before the socket goes.
  flush(socket);
  socket.terminate();
}

/** The part of a request that sessions authenticate by. */
export type SocketCredentials = Pick<FastifyRequest, "cookies" | "headers">;

/**
 * The request's cookies, copied, as credentials that keep nothing else of it alive. No headers:
 * the cookie plugin has parsed them already.
 */
export function credentialsOf(request: FastifyRequest): SocketCredentials {
  return { cookies: { ...request.cookies }, headers: noHeaders };
}

/** One empty header set for every socket's credentials. */
const noHeaders: SocketCredentials["headers"] = Object.freeze({});

/** What onFrames needs of a contract schema. */
export interface FrameSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: SchemaIssues };
}

/** A stream whose writes can be held and sent together. */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP socket under a ws socket (ws keeps it as `_socket`; it has no public name). */
interface WithTransport {
  _socket?: Corkable | null;
}

/** What the socket's writes are corked on: the event stream's response, or ws's TCP socket. */
function corkableOf(socket: ChatSocket): Corkable | null | undefined {
  return socket.corkable ?? (socket as ChatSocket & WithTransport)._socket;
}

const corked = new Set<Corkable>();

function uncorkAll(): void {
  for (const transport of corked) transport.uncork();
  corked.clear();
}

/**
 * Writes out what is waiting in the socket's corked stream now: before `terminate()`, which would
 * otherwise drop it (a close frame with its code, the last error frame).
 */
export function flush(socket: ChatSocket): void {
  const transport = corkableOf(socket);
  if (transport && corked.delete(transport)) transport.uncork();
}

/**
 * Writes a frame. Frames for one socket within one turn of the event loop leave in one write: a
 * message reaches its visitor as the pushed message and its ack together, and under load the agent
 * consoles get many messages per system call instead of one each (writes were a fifth of the
 * chat's CPU time); an event stream's frames likewise. The socket is corked at its first frame
 * and uncorked once this turn's I/O has been handled (setImmediate), so nothing waits longer than
 * that.
 */
export function send(socket: ChatSocket, frame: ServerFrame): void {
  if (socket.readyState !== socket.OPEN) return;
  sendText(socket, JSON.stringify(frame));
}

/**
 * Writes one frame to every connection given: serialized once for them all (a message pushed to
 * every console, a presence change to every visitor tab), not once per socket.
 */
export function sendToAll(connections: Iterable<{ socket: ChatSocket }>, frame: ServerFrame): void {
  let text: string | undefined;
  for (const { socket } of connections) {
    if (socket.readyState !== socket.OPEN) continue;
    text ??= JSON.stringify(frame);
    sendText(socket, text);
  }
}

/** Writes frame text to an open socket, corked as `send` says. */
function sendText(socket: ChatSocket, text: string): void {
  const transport = corkableOf(socket);
  if (transport && !corked.has(transport)) {
    if (corked.size === 0) setImmediate(uncorkAll);
    transport.cork();
    corked.add(transport);
  }
  socket.send(text);
}

export function errorFrame(
  code: ErrorFrame["code"],
  message: string,
  clientId?: string | undefined,
): ErrorFrame {
  return { message_type: "error", code, message, ...(clientId ? { client_id: clientId } : {}) };
}

export function clientIdOf(value: unknown): string | undefined {
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
  conn.context.refused();
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
 * A frame from the socket: it must be JSON text and fit the socket's budget, then it waits its turn
 * behind the frames before it.
 */
function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
  const conn = connectionOf(this);
  if (!conn) return;
  const parsed = parseFrame(data, isBinary);
  if (!parsed.ok) {
    if (admit(conn, undefined)) send(conn.socket, errorFrame("bad_frame", "Frames are JSON text."));
    return;
  }
  const clientId = clientIdOf(parsed.value);
  // A message refused for now, sent again as asked, took its share of the budget when it first came.
  // (Free once per 100 ms each: sent again faster than that, it is a flood like any other.)
  const refusedAt = clientId === undefined ? undefined : conn.refusedForNow.get(clientId);
  const again = refusedAt !== undefined && Date.now() - refusedAt >= 100;
  if (!again && !admit(conn, clientId)) return;
  const waiting = pendingFrames.get(conn);
  if (waiting) waiting.push({ value: parsed.value, clientId });
  else enqueue(conn, parsed.value, clientId);
}

/** A message refused for now that does not come again within this long was given up by its client. */
const REFUSED_FOR_NOW_MS = 15_000;
/** At most this many messages wait in line for the oldest (a minute of writing at the budget's rate). */
const REFUSED_FOR_NOW_MAX = 240;

const refusalForNow = (clientId: string | undefined) =>
  errorFrame(
    "unavailable",
    "The chat cannot save messages for a moment. Your message will be sent again.",
    clientId,
  );

/**
 * Whether the message `clientId` must wait for an older one refused for now on this connection
 * (it is refused for now as well, and joins the line); the oldest one itself goes through.
 */
function heldBack(conn: Connection, clientId: string, now: number): boolean {
  for (const [id, at] of conn.refusedForNow) {
    if (now - at > REFUSED_FOR_NOW_MS) conn.refusedForNow.delete(id);
  }
  const [oldest] = conn.refusedForNow.keys();
  if (oldest === undefined || oldest === clientId) return false;
  // The line is as long as a client may write in the while it lasts; beyond it, wait your turn.
  if (conn.refusedForNow.size >= REFUSED_FOR_NOW_MAX && !conn.refusedForNow.has(clientId)) {
    return true;
  }
  conn.refusedForNow.set(clientId, now);
  return true;
}

/**
 * Handles a frame after the ones before it, answered with what the connection returns (an ack).
 * A ChatRuleError becomes an error frame naming the frame's client_id.
 */
function enqueue(conn: Connection, value: unknown, clientId: string | undefined): void {
  conn.queue = conn.queue
    .then(async () => {
      if (clientId !== undefined && heldBack(conn, clientId, Date.now())) {
        send(conn.socket, refusalForNow(clientId));
        return;
      }
      const answer = await conn.handleFrame(value);
      if (clientId !== undefined) conn.refusedForNow.delete(clientId);
      if (answer) send(conn.socket, answer);
    })
    .catch((err: unknown) => {
      if (clientId !== undefined && isDatabaseUnavailable(err)) {
        conn.refusedForNow.set(clientId, Date.now());
      } else if (clientId !== undefined) {
        // Refused for good: the messages after it need not wait for it.
        conn.refusedForNow.delete(clientId);
      }
      if (err instanceof ChatRuleError) {
        send(conn.socket, errorFrame(err.code, err.message, clientId));
        return;
      }
      if (isDatabaseUnavailable(err)) {
        // Nothing was stored and nothing acknowledged: the client keeps it and sends it again.
        conn.context.log.warn({ err, requestId: conn.reqId }, "chat frame failed: database away");
        send(conn.socket, refusalForNow(clientId));
        return;
      }
      conn.context.log.error({ err, requestId: conn.reqId }, "chat frame failed");
      send(
        conn.socket,
        errorFrame("internal", "Your message could not be saved. It will be sent again.", clientId),
      );
    });
}

/** Parses a frame with a contract schema; one that fails is a bad_frame naming its first problem. */
export function parseWith<T>(schema: FrameSchema<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const message = Object.values(fieldErrors(result.error))[0];
    throw new ChatRuleError("bad_frame", message ?? "That frame is not understood.");
  }
  return result.data;
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
