/**
 * The outbox of a live chat, the one both the widget and the console send through. A message typed
 * here gets its client_id at once and shows as sending; it goes whenever the socket is open (at
 * once, and again with the same id after every reconnect, so the server stores it once) until the
 * server acknowledges it. No ack within ACK_TIMEOUT_MS on an open socket, or a refusal, marks it
 * failed, and only Retry sends a failed message again; a message of a chat that has ended fails for
 * good. A refusal for now (the server cannot store messages for a moment: `later`) is no failure:
 * the message stays sending and goes again by itself, 1 s later, then 2, 4 and 8, then every 10 s. Each message is thus queued (waiting for an open socket), in flight (sent, its ack timer
 * running), sent, or failed. Where the messages live (one list, or a thread per chat) is the
 * client's reducer's business: the outbox reads them through its port and reports every change
 * there.
 */
import type { ConnectionEnv } from "./chat-connection";
import { KeyedTimers } from "./keyed-timers";
import { deliveryErrors, type DeliveryChange, type PendingMessage } from "./live-messages";
import { ACK_TIMEOUT_MS, retryLaterMs } from "./live-timing";

export type OutboxChange<P extends PendingMessage> =
  { type: "queued"; pending: P } | Exclude<DeliveryChange, { type: "acked" }>;

export interface OutboxPort<P extends PendingMessage> {
  /** The messages typed here that the server has not acknowledged (sending or failed). */
  waiting(): readonly P[];
  /** A new message, or a change of one, for the client's reducer. */
  apply(change: OutboxChange<P>): void;
  /** Sends the message's frame; false when the socket is not open (it goes at the next open). */
  transmit(pending: P): boolean;
}

export interface OutboxDeps {
  env: Pick<ConnectionEnv, "setTimeout" | "clearTimeout" | "now">;
  newClientId(): string;
  /** Why a message whose ack never came failed, in the client's language (English by default). */
  notAcked?: () => string;
}

/** What the outbox gives every new message. */
type OutboxFields = "clientId" | "createdAt" | "delivery";

export class LiveOutbox<P extends PendingMessage> {
  /** The messages in flight: each one's ack timer. */
  private readonly inFlight: KeyedTimers<string>;
  /** The messages refused for now: each one's timer to go again. */
  private readonly again: KeyedTimers<string>;
  /** How many times in a row each message was refused for now. */
  private readonly refusals = new Map<string, number>();

  constructor(
    private readonly port: OutboxPort<P>,
    private readonly deps: OutboxDeps,
  ) {
    this.inFlight = new KeyedTimers(deps.env);
    this.again = new KeyedTimers(deps.env);
  }

  /** A message typed here: shown at once, sent now if the socket is open. */
  add(message: Omit<P, OutboxFields>): void {
    const pending = {
      ...message,
      clientId: this.deps.newClientId(),
      createdAt: this.deps.env.now(),
      delivery: "sending",
    } as P;
    this.port.apply({ type: "queued", pending });
    this.send(pending);
  }

  /** Sends a failed (or still sending) message again with its client_id, when `allowed`. */
  retry(clientId: string, allowed: (pending: P) => boolean = () => true): void {
    const pending = this.port.waiting().find((p) => p.clientId === clientId);
    if (!pending || !allowed(pending)) return;
    this.port.apply({ type: "retrying", clientId });
    this.send({ ...pending, delivery: "sending" });
  }

  /** The socket opened: every message still sending goes (again), with its client_id. */
  resend(): void {
    for (const pending of this.port.waiting()) {
      if (pending.delivery === "sending") this.send(pending);
    }
  }

  /** The server answered for a message (its ack, or a refusal): its ack timer stops. */
  answered(clientId: string): void {
    this.inFlight.clear(clientId);
    this.again.clear(clientId);
    this.refusals.delete(clientId);
  }

  /**
   * The server refused a message for now (it cannot store it this moment): it stays sending and
   * goes again with its client_id after a pause that grows with each refusal in a row.
   */
  later(clientId: string): void {
    this.inFlight.clear(clientId);
    const times = this.refusals.get(clientId) ?? 0;
    this.refusals.set(clientId, times + 1);
    this.again.set(clientId, retryLaterMs(times), () => {
      const pending = this.port.waiting().find((p) => p.clientId === clientId);
      if (pending?.delivery === "sending") this.send(pending);
    });
  }

  /** The messages `which` picks can never be sent (their chat ended): failed, with `error`. */
  fail(error: string, which: (pending: P) => boolean = () => true): void {
    for (const pending of this.port.waiting()) {
      if (!which(pending)) continue;
      this.inFlight.clear(pending.clientId);
      this.again.clear(pending.clientId);
      this.port.apply({ type: "failed", clientId: pending.clientId, error });
    }
  }

  /** The socket closed: no ack comes on it, and what was in flight goes again at the next open. */
  pause(): void {
    this.inFlight.clearAll();
    this.again.clearAll();
  }

  private send(pending: P) {
    if (!this.port.transmit(pending)) return;
    const { clientId } = pending;
    this.inFlight.set(clientId, ACK_TIMEOUT_MS, () =>
      this.port.apply({
        type: "failed",
        clientId,
        error: this.deps.notAcked?.() ?? deliveryErrors.notAcked,
      }),
    );
  }
}
