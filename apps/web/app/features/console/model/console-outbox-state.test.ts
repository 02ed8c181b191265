import { describe, expect, it } from "vitest";
import { initialConsoleState } from "./console-state";
import { findPending, pendingReplies, repliesToKeep } from "./console-threads";
import {
  T0,
  agentMessage,
  me,
  ownReply,
  summary,
  visitorMessage,
} from "./console-fixtures.test-support";

import {
  apply,
  start,
  withLists,
  received,
  pending,
  queue,
  thread,
} from "./console-state.test-support";

describe("consoleReducer: the outbox", () => {
  it("shows a reply once, sending then sent, whether the ack or the echo comes first", () => {
    let s = apply(withLists([summary(7)]), queue("client-aaaa"));
    expect(s.threads[7]?.messages[0]).toEqual({
      key: "client-aaaa",
      id: null,
      clientId: "client-aaaa",
      html: "mine client-aaaa",
      msgType: "text",
      from: "agent",
      senderName: "Asha",
      senderEmail: "asha@hourline.example",
      createdAt: T0,
      delivery: "sending",
    });
    s = apply(
      s,
      { type: "acked", clientId: "client-aaaa", id: 4 },
      received(ownReply(4, "client-aaaa")),
      { type: "history", conversationId: 7, messages: [ownReply(4, "client-aaaa")] },
      { type: "acked", clientId: "client-aaaa", id: 4 },
    );
    expect(thread(s)).toEqual([[4, "client-aaaa", "sent"]]);
    expect(s.threads[7]?.messages[0]?.key).toBe("client-aaaa");

    // The echo first, then the ack.
    s = apply(s, queue("client-bbbb"), received(ownReply(5, "client-bbbb")));
    expect(thread(s)).toEqual([
      [4, "client-aaaa", "sent"],
      [5, "client-bbbb", "sent"],
    ]);
    s = apply(s, { type: "acked", clientId: "client-bbbb", id: 5 });
    expect(thread(s)).toEqual([
      [4, "client-aaaa", "sent"],
      [5, "client-bbbb", "sent"],
    ]);
    expect(pendingReplies(s)).toEqual([]);
  });

  it("queues a client_id only once", () => {
    const s = apply(start(), queue("client-aaaa", T0), queue("client-aaaa", T0 + 5));
    expect(thread(s)).toEqual([[null, "client-aaaa", "sending"]]);
  });

  it("orders confirmed messages by id and keeps unsent replies last, in the order typed", () => {
    let s = apply(start(), queue("client-late", T0 + 20), queue("client-early", T0 + 10));
    s = apply(s, {
      type: "history",
      conversationId: 7,
      messages: [visitorMessage(3), visitorMessage(1), agentMessage(2)],
    });
    expect(thread(s).map(([id, clientId]) => id ?? clientId)).toEqual([
      1,
      2,
      3,
      "client-early",
      "client-late",
    ]);
    s = apply(s, { type: "acked", clientId: "client-late", id: 5 });
    expect(thread(s).map(([id, clientId]) => id ?? clientId)).toEqual([1, 2, 3, 5, "client-early"]);
  });

  it("marks a reply failed, back to sending on retry; an acknowledged reply cannot fail", () => {
    let s = apply(start(), queue("client-dddd"), {
      type: "failed",
      clientId: "client-dddd",
      error: "Too fast.",
    });
    expect(s.threads[7]?.messages[0]).toMatchObject({ delivery: "failed", error: "Too fast." });
    s = apply(s, { type: "retrying", clientId: "client-dddd" });
    expect(s.threads[7]?.messages[0]?.delivery).toBe("sending");
    expect(s.threads[7]?.messages[0]).not.toHaveProperty("error");
    s = apply(
      s,
      { type: "failed", clientId: "client-dddd", error: "No ack." },
      { type: "acked", clientId: "client-dddd", id: 8 },
    );
    expect(s.threads[7]?.messages[0]).not.toHaveProperty("error");
    s = apply(
      s,
      { type: "failed", clientId: "client-dddd", error: "late" },
      { type: "retrying", clientId: "client-dddd" },
    );
    expect(thread(s)).toEqual([[8, "client-dddd", "sent"]]);
    // Unknown client ids change nothing.
    expect(apply(s, { type: "acked", clientId: "client-zzzz", id: 9 })).toBe(s);
    expect(apply(s, { type: "failed", clientId: "client-zzzz", error: "x" })).toBe(s);
  });

  it("lists what must survive a reload, and a new start shows it again", () => {
    let s = withLists([summary(7), summary(8)]);
    s = apply(
      s,
      queue("client-eeee", T0 + 1),
      queue("client-ffff", T0 + 2, 8),
      { type: "failed", clientId: "client-ffff", error: "No." },
      queue("client-gggg", T0 + 3),
      { type: "acked", clientId: "client-gggg", id: 2 },
      received(visitorMessage(1)),
    );
    const kept = pendingReplies(s);
    expect(kept).toEqual([
      pending("client-eeee", T0 + 1),
      { ...pending("client-ffff", T0 + 2, 8), delivery: "failed", error: "No." },
    ]);
    const restored = initialConsoleState(me, { pending: kept });
    expect(thread(restored, 7)).toEqual([[null, "client-eeee", "sending"]]);
    expect(thread(restored, 8)).toEqual([[null, "client-ffff", "failed"]]);
    expect(restored.threads[7]?.loaded).toBe(false);
    expect(pendingReplies(restored)).toEqual(kept);
  });

  it("keeps no reply of a chat known to have ended, though its thread still shows it", () => {
    let s = apply(
      withLists([summary(7), summary(8)]),
      queue("client-eeee", T0 + 1),
      queue("client-ffff", T0 + 2, 8),
      queue("client-gggg", T0 + 3, 9),
    );
    expect(repliesToKeep(s)).toEqual(pendingReplies(s));
    s = apply(
      s,
      { type: "ended", conversationId: 8, endedAt: T0 + 5, endedBy: "visitor" },
      { type: "failed", clientId: "client-ffff", error: "Ended." },
    );
    // 9 is not listed yet: what became of it is not known, so its reply is kept.
    expect(repliesToKeep(s)).toEqual([
      pending("client-eeee", T0 + 1),
      pending("client-gggg", T0 + 3, 9),
    ]);
    expect(thread(s, 8)).toEqual([[null, "client-ffff", "failed"]]);
  });

  it("finds one reply waiting for its ack by its client_id", () => {
    let s = apply(
      withLists([summary(7), summary(8)]),
      queue("client-eeee", T0 + 1),
      queue("client-ffff", T0 + 2, 8),
      { type: "failed", clientId: "client-ffff", error: "No." },
      queue("client-gggg", T0 + 3),
    );
    for (const reply of pendingReplies(s)) expect(findPending(s, reply.clientId)).toEqual(reply);
    expect(findPending(s, "client-ffff")).toEqual({
      ...pending("client-ffff", T0 + 2, 8),
      delivery: "failed",
      error: "No.",
    });
    s = apply(s, { type: "acked", clientId: "client-gggg", id: 2 });
    expect(findPending(s, "client-gggg")).toBeNull();
    expect(findPending(s, "client-zzzz")).toBeNull();
    // Another agent's message with a client_id is none of this console's replies.
    s = apply(s, received(agentMessage(3, 7, { client_id: "client-hhhh" })));
    expect(findPending(s, "client-hhhh")).toBeNull();
  });

  it("does not take another agent's message for a reply of this console", () => {
    const s = apply(start(), { type: "history", conversationId: 7, messages: [agentMessage(1)] });
    expect(pendingReplies(s)).toEqual([]);
    expect(s.threads[7]?.messages[0]).toMatchObject({
      senderName: "Bruno",
      senderEmail: "bruno@hourline.example",
      key: "id-1",
    });
  });
});

describe("consoleReducer: the rest", () => {
  it("keeps the connection, the profile, a notice and the end of the session", () => {
    let s = apply(
      start(),
      { type: "connection", status: { kind: "open" } },
      { type: "me", agent: { ...me, name: "Asha L." } },
      { type: "notice", message: "Something failed." },
    );
    expect(s.connection).toEqual({ kind: "open" });
    expect(s.me.name).toBe("Asha L.");
    expect(s.notice).toBe("Something failed.");
    s = apply(s, { type: "notice", message: null }, { type: "expired" });
    expect(s.notice).toBeNull();
    expect(s.expired).toBe(true);
  });

  it("changes nothing when a read changes nothing", () => {
    const s = withLists([summary(7)]);
    expect(apply(s, { type: "read", conversationId: 7 })).toBe(s);
    expect(apply(s, { type: "read", conversationId: 99 })).toBe(s);
  });
});
