import type { AgentServerFrame } from "@hourline/contracts/chat-server-frames";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { frameReader } from "./console-frames";
import {
  T0,
  colleague,
  contact,
  ended,
  me,
  summary,
  visitorEmail,
  visitorMessage,
} from "./console-fixtures.test-support";

const read = frameReader(me.id);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("frameReader", () => {
  it("maps every frame of the agent socket to its action", () => {
    const frames: [AgentServerFrame, unknown][] = [
      [
        { message_type: "ack", client_id: "client-0001", id: 4 },
        { type: "acked", clientId: "client-0001", id: 4 },
      ],
      [
        { message_type: "message", ...visitorMessage(3) },
        { type: "received", message: visitorMessage(3) },
      ],
      [
        { message_type: "conversation", ...summary(7, { unread: 2 }) },
        { type: "conversation", summary: summary(7, { unread: 2 }), live: true },
      ],
      [
        {
          message_type: "chat_ended",
          conversation_id: 7,
          target_email: visitorEmail(7),
          ended_at: T0 + 5_000,
          ended_by: "visitor",
        },
        { type: "ended", conversationId: 7, endedAt: T0 + 5_000, endedBy: "visitor" },
      ],
      [
        { message_type: "rating", conversation_id: 7, score: 4, comment: "Quick", rated_at: T0 },
        {
          type: "rating",
          rating: { conversation_id: 7, score: 4, comment: "Quick", rated_at: T0 },
        },
      ],
      [
        { message_type: "contact_message", ...contact(5, { read: true }) },
        { type: "contact", message: contact(5, { read: true }) },
      ],
      [
        { message_type: "typing", conversation_id: 7, typing: true, from: "visitor" },
        { type: "typing", conversationId: 7, from: "visitor", typing: true },
      ],
      [
        {
          message_type: "typing",
          conversation_id: 7,
          typing: false,
          from: "agent",
          agent_id: colleague.id,
          agent_name: colleague.name,
        },
        { type: "typing", conversationId: 7, from: "agent", typing: false, agentName: "Bruno" },
      ],
      [
        { message_type: "visitor_presence", visitor_email: visitorEmail(7), online: false },
        { type: "visitor-presence", email: visitorEmail(7), online: false },
      ],
      [
        { message_type: "agent_presence", agent_id: 12, online: true },
        { type: "agent-presence", agentId: 12, online: true },
      ],
      [
        { message_type: "viewing", agent_id: 12, agent_name: "Ana", conversation_id: 7 },
        { type: "viewer", agentId: 12, agentName: "Ana", conversationId: 7 },
      ],
      [
        {
          message_type: "error",
          code: "chat_ended",
          message: "This chat has ended; the visitor cannot see replies.",
          client_id: "client-0002",
        },
        {
          type: "failed",
          clientId: "client-0002",
          error: "This chat has ended; the visitor cannot see replies.",
        },
      ],
      [
        { message_type: "error", code: "bad_frame", message: "That frame was not understood." },
        { type: "notice", message: "That frame was not understood." },
      ],
    ];
    for (const [frame, action] of frames) expect(read(frame)).toEqual(action);
    // Every frame type of the contract is in the table.
    const types = new Set(frames.map(([f]) => f.message_type));
    expect([...types].sort()).toEqual([
      "ack",
      "agent_presence",
      "chat_ended",
      "contact_message",
      "conversation",
      "error",
      "message",
      "rating",
      "typing",
      "viewing",
      "visitor_presence",
    ]);
    // This agent's own console is no news.
    expect(
      read({ message_type: "viewing", agent_id: me.id, agent_name: me.name, conversation_id: 7 }),
    ).toBeNull();
  });

  it("reads an ended conversation's summary as it is", () => {
    expect(read({ message_type: "conversation", ...ended(3) })).toEqual({
      type: "conversation",
      summary: ended(3),
      live: true,
    });
  });

  it("reads end times in seconds or milliseconds, and fills in what an end frame leaves out", () => {
    expect(
      read({ message_type: "chat_ended", conversation_id: 7, ended_at: 1_764_583_320 }),
    ).toEqual({ type: "ended", conversationId: 7, endedAt: 1_764_583_320_000, endedBy: "agent" });
    expect(read({ message_type: "chat_ended", conversation_id: 7, ended_by: "visitor" })).toEqual({
      type: "ended",
      conversationId: 7,
      endedAt: T0,
      endedBy: "visitor",
    });
  });

  it("gives an error frame without words a message of its own", () => {
    expect(read({ message_type: "error", code: "internal", client_id: "client-0003" })).toEqual({
      type: "failed",
      clientId: "client-0003",
      error: "The reply could not be sent.",
    });
    expect(read({ message_type: "error", code: "internal", message: 5 })).toEqual({
      type: "notice",
      message: "The reply could not be sent.",
    });
  });

  it("ignores this agent's own typing, echoed back from another tab", () => {
    expect(
      read({
        message_type: "typing",
        conversation_id: 7,
        typing: true,
        from: "agent",
        agent_id: me.id,
        agent_name: me.name,
      }),
    ).toBeNull();
    // Another agent with the same display name is still shown.
    expect(
      read({
        message_type: "typing",
        conversation_id: 7,
        typing: true,
        from: "agent",
        agent_id: 3,
        agent_name: me.name,
      }),
    ).toEqual({
      type: "typing",
      conversationId: 7,
      from: "agent",
      typing: true,
      agentName: "Asha",
    });
    // Read with another agent's id, the same frame is news.
    expect(
      frameReader(colleague.id)({
        message_type: "typing",
        conversation_id: 7,
        typing: true,
        from: "agent",
        agent_id: me.id,
      }),
    ).toEqual({ type: "typing", conversationId: 7, from: "agent", typing: true });
  });

  it("ignores what breaks the contract and unknown types, never half-applying a frame", () => {
    const message = { message_type: "message", ...visitorMessage(3) };
    const conversation = { message_type: "conversation", ...summary(7) };
    const contactFrame = { message_type: "contact_message", ...contact(5) };
    for (const frame of [
      null,
      undefined,
      42,
      "ack",
      [],
      [{ message_type: "ack", client_id: "client-0001", id: 4 }],
      {},
      { message_type: 5 },
      { message_type: "presence", agents_online: true },
      { message_type: "toString" },
      { message_type: "constructor" },
      { message_type: "__proto__" },
      { message_type: "hasOwnProperty" },
      { message_type: "ack", client_id: 4, id: 4 },
      { message_type: "ack", client_id: "client-0001", id: "4" },
      { message_type: "ack", client_id: "client-0001", id: Number.NaN },
      { message_type: "ack", client_id: "client-0001" },
      { ...message, id: "3" },
      { ...message, msg_type: "video" },
      { ...message, sender_type: "system" },
      { ...message, conversation_id: undefined },
      { ...conversation, state: "archived" },
      { ...conversation, unread: "2" },
      { ...conversation, visitor_online: undefined },
      { message_type: "conversation", id: 7 },
      { message_type: "chat_ended", conversation_id: "7" },
      { message_type: "chat_ended", conversation_id: Number.POSITIVE_INFINITY },
      { message_type: "chat_ended" },
      { ...contactFrame, read: "yes" },
      { ...contactFrame, received_at: null },
      { message_type: "typing", conversation_id: 7, from: "visitor" },
      { message_type: "typing", conversation_id: 7, typing: "true", from: "visitor" },
      { message_type: "typing", conversation_id: "7", typing: true, from: "visitor" },
      { message_type: "visitor_presence", visitor_email: visitorEmail(7) },
      { message_type: "visitor_presence", visitor_email: 7, online: true },
      { message_type: "visitor_presence", online: true },
      { message_type: "agent_presence", agent_id: "12", online: true },
      { message_type: "agent_presence", agent_id: 12 },
    ]) {
      expect(read(frame), JSON.stringify(frame) ?? String(frame)).toBeNull();
    }
  });

  it("keeps only the contract's fields of a message and a summary", () => {
    const action = read({
      message_type: "message",
      ...visitorMessage(3),
      extra: "<img src=x onerror=alert(1)>",
    });
    expect(action).toEqual({ type: "received", message: visitorMessage(3) });
  });
});
