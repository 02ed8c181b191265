import { describe, expect, it } from "vitest";
import type { ChatMessage } from "./chat-message";
import {
  agentServerFrameSchema,
  errorFrameSchema,
  visitorServerFrameSchema,
  type AgentServerFrame,
  type VisitorServerFrame,
} from "./chat-server-frames";
import type { ContactMessageSummary, ConversationSummary } from "./console-inbox";

const message: ChatMessage = {
  id: 4,
  client_id: "abcdefgh1",
  conversation_id: 2,
  sender: "support",
  receiver: "ana@example.com",
  message: "Hello",
  msg_type: "text",
  sender_username: "Bo",
  sender_type: "agent",
  created_at: 1_700_000_000_000,
};

const summary: ConversationSummary = {
  id: 2,
  visitor_name: "Ana",
  visitor_email: "ana@example.com",
  state: "open",
  started_at: 1,
  ended_at: null,
  ended_by: null,
  last_message: message,
  unread: 1,
  waiting_since: 3,
  visitor_online: true,
  missed: false,
  assignee: { id: 4, name: "Bo" },
  activity_at: 1_700_000_000_000,
};

const contact: ContactMessageSummary = {
  id: 9,
  name: "Ana",
  email: "ana@example.com",
  phone: null,
  message: "Call me",
  received_at: 5,
  read: false,
  handled: false,
  handled_at: null,
  handled_by: null,
};

const shared = [
  { message_type: "ack", client_id: "abcdefgh1", id: 4 },
  { message_type: "message", ...message },
  {
    message_type: "chat_ended",
    conversation_id: 2,
    target_email: "ana@example.com",
    ended_at: 6,
    ended_by: "visitor",
  },
  { message_type: "typing", conversation_id: 2, typing: true, from: "visitor" },
  { message_type: "error", code: "rate_limited", message: "Slow down.", client_id: "abcdefgh1" },
] satisfies (VisitorServerFrame & AgentServerFrame)[];

const visitorOnly = [
  { message_type: "presence", agents_online: false },
] satisfies VisitorServerFrame[];

const agentOnly = [
  { message_type: "conversation", ...summary },
  { message_type: "contact_message", ...contact },
  { message_type: "visitor_presence", visitor_email: "ana@example.com", online: true },
  { message_type: "agent_presence", agent_id: 3, online: false },
  {
    message_type: "typing",
    conversation_id: 2,
    typing: false,
    from: "agent",
    agent_id: 3,
    agent_name: "Bo",
  },
] satisfies AgentServerFrame[];

describe("the frames the server sends", () => {
  it("parses every frame of the visitor socket as sent, and no agent-only frame", () => {
    for (const frame of [...shared, ...visitorOnly]) {
      expect(visitorServerFrameSchema.parse(frame)).toEqual(frame);
    }
    for (const frame of agentOnly.slice(0, 4)) {
      expect(visitorServerFrameSchema.safeParse(frame).success).toBe(false);
    }
  });

  it("parses every frame of the agent socket as sent, and not the visitors' presence", () => {
    for (const frame of [...shared, ...agentOnly]) {
      expect(agentServerFrameSchema.parse(frame)).toEqual(frame);
    }
    for (const frame of visitorOnly) {
      expect(agentServerFrameSchema.safeParse(frame).success).toBe(false);
    }
  });

  it("refuses a frame with a missing or mistyped field, or an unknown message_type", () => {
    const broken = [
      { message_type: "ack", client_id: "abcdefgh1" },
      { message_type: "message", ...message, sender_type: "robot" },
      { message_type: "chat_ended", conversation_id: 2, target_email: "a@b.c", ended_at: 6 },
      { message_type: "typing", conversation_id: "2", typing: true, from: "visitor" },
      { message_type: "presence", agents_online: "yes" },
      { message_type: "error", code: "internal" },
      { message_type: "gossip" },
      { client_id: "abcdefgh1", id: 4 },
    ];
    for (const frame of broken) {
      expect(visitorServerFrameSchema.safeParse(frame).success).toBe(false);
      expect(agentServerFrameSchema.safeParse(frame).success).toBe(false);
    }
  });

  it("reads an error code it does not know as internal, so the message still fails", () => {
    expect(
      errorFrameSchema.parse({ message_type: "error", code: "brand_new", message: "No." }),
    ).toEqual({ message_type: "error", code: "internal", message: "No." });
  });
});
