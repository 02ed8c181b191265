import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "./fake-browser.test-support";
import {
  deliveryErrors,
  fromPending,
  toPending,
  withDelivery,
  type LiveMessage,
  type PendingMessage,
} from "./live-messages";
import { LiveOutbox, type OutboxChange } from "./live-outbox";
import { ACK_TIMEOUT_MS } from "./live-timing";

/** An outbox over one list of messages, as the widget keeps them, and a socket open or not. */
function setup() {
  const browser = fakeBrowser();
  let messages: LiveMessage[] = [];
  let open = true;
  const sent: string[] = [];
  const changes: OutboxChange<PendingMessage>[] = [];
  let ids = 0;
  const outbox = new LiveOutbox<PendingMessage>(
    {
      waiting: () => messages.flatMap((m) => toPending(m, "visitor") ?? []),
      apply(change) {
        changes.push(change);
        messages =
          change.type === "queued"
            ? [...messages, fromPending(change.pending, "visitor", "Meera")]
            : messages.map((m) => (m.clientId === change.clientId ? withDelivery(m, change) : m));
      },
      transmit(pending) {
        if (open) sent.push(pending.clientId);
        return open;
      },
    },
    { env: browser.env, newClientId: () => `client-${++ids}` },
  );
  return {
    outbox,
    sent,
    changes,
    setOpen: (value: boolean) => (open = value),
    /** The server acknowledges a message: what the frame table and the reducer do with an ack. */
    ack(clientId: string, id: number) {
      outbox.answered(clientId);
      messages = messages.map((m) =>
        m.clientId === clientId ? withDelivery(m, { type: "acked", clientId, id }) : m,
      );
    },
    view: () => messages.map((m) => [m.clientId, m.delivery, m.error ?? null]),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("LiveOutbox", () => {
  it("gives a typed message its client_id and time, shows it as sending and sends it once", () => {
    const t = setup();
    t.outbox.add({ html: "Hello", msgType: "text" });
    expect(t.changes).toEqual([
      {
        type: "queued",
        pending: {
          html: "Hello",
          msgType: "text",
          clientId: "client-1",
          createdAt: Date.parse("2026-12-01T10:00:00Z"),
          delivery: "sending",
        },
      },
    ]);
    expect(t.sent).toEqual(["client-1"]);
    t.ack("client-1", 5);
    expect(t.view()).toEqual([["client-1", "sent", null]]);
  });

  it("marks a message failed when no ack comes on the open socket, and not once it is answered", async () => {
    const t = setup();
    t.outbox.add({ html: "one", msgType: "text" });
    t.outbox.add({ html: "two", msgType: "text" });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS - 1);
    t.ack("client-2", 9);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.view()).toEqual([
      ["client-1", "failed", deliveryErrors.notAcked],
      ["client-2", "sent", null],
    ]);
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS * 2);
    expect(t.changes.filter((c) => c.type === "failed")).toHaveLength(1);
  });

  it("keeps what is typed while the socket is closed and sends only what is still sending when it opens", async () => {
    const t = setup();
    t.outbox.add({ html: "sent, then failed", msgType: "text" });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    t.setOpen(false);
    t.outbox.add({ html: "typed offline", msgType: "text" });
    t.outbox.add({ html: "typed offline too", msgType: "image" });
    expect(t.sent).toEqual(["client-1"]);
    // No ack can come while closed: nothing fails for it.
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS * 2);
    expect(t.view()).toEqual([
      ["client-1", "failed", deliveryErrors.notAcked],
      ["client-2", "sending", null],
      ["client-3", "sending", null],
    ]);
    t.setOpen(true);
    t.outbox.resend();
    expect(t.sent).toEqual(["client-1", "client-2", "client-3"]);
  });

  it("stops waiting for acks when the socket closes, and sends the same ids again on the next open", async () => {
    const t = setup();
    t.outbox.add({ html: "in flight", msgType: "text" });
    t.outbox.pause();
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS * 2);
    expect(t.view()).toEqual([["client-1", "sending", null]]);
    t.outbox.resend();
    expect(t.sent).toEqual(["client-1", "client-1"]);
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.view()).toEqual([["client-1", "failed", deliveryErrors.notAcked]]);
  });

  it("retries a failed message with its client_id, unless the client says it may not be sent", async () => {
    const t = setup();
    t.outbox.add({ html: "one", msgType: "text" });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    t.outbox.retry("client-1", () => false);
    t.outbox.retry("nobody's");
    expect(t.view()).toEqual([["client-1", "failed", deliveryErrors.notAcked]]);
    expect(t.sent).toEqual(["client-1"]);
    t.outbox.retry("client-1");
    expect(t.view()).toEqual([["client-1", "sending", null]]);
    expect(t.sent).toEqual(["client-1", "client-1"]);
    t.ack("client-1", 3);
    t.outbox.retry("client-1");
    expect(t.sent).toHaveLength(2);
  });

  it("fails for good the messages a client picks (their chat ended), and no timer undoes that", async () => {
    const t = setup();
    t.outbox.add({ html: "keep", msgType: "text" });
    t.outbox.add({ html: "drop", msgType: "text" });
    t.outbox.fail("The chat had ended.", (p) => p.html === "drop");
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.view()).toEqual([
      ["client-1", "failed", deliveryErrors.notAcked],
      ["client-2", "failed", "The chat had ended."],
    ]);
  });

  it("sends a message refused for now again by itself, later each time, and never marks it failed", async () => {
    const t = setup();
    t.outbox.add({ html: "during the outage", msgType: "text" });
    expect(t.sent).toEqual(["client-1"]);
    t.outbox.later("client-1");
    await vi.advanceTimersByTimeAsync(999);
    expect(t.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sent).toEqual(["client-1", "client-1"]);
    t.outbox.later("client-1");
    await vi.advanceTimersByTimeAsync(1_999);
    expect(t.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sent).toHaveLength(3);
    // However long the refusals last, it stays sending: it is not the visitor's to retry.
    for (let i = 0; i < 6; i++) {
      t.outbox.later("client-1");
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(t.sent).toHaveLength(9);
    expect(t.view()).toEqual([["client-1", "sending", null]]);
    t.ack("client-1", 7);
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS * 2);
    expect(t.view()).toEqual([["client-1", "sent", null]]);
    expect(t.sent).toHaveLength(9);
  });

  it("leaves a message refused for now to the next open when the socket closes meanwhile", async () => {
    const t = setup();
    t.outbox.add({ html: "one", msgType: "text" });
    t.outbox.later("client-1");
    t.setOpen(false);
    t.outbox.pause();
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.sent).toEqual(["client-1"]);
    t.setOpen(true);
    t.outbox.resend();
    expect(t.sent).toEqual(["client-1", "client-1"]);
  });
});
