/** Conversations, messages and contact messages as the server sends them, for the console's tests. */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ContactMessageSummary, ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConversationDetailAnswer } from "@hourline/contracts/console";

export const me: AgentProfile = {
  id: 1,
  name: "Asha",
  email: "asha@hourline.example",
  role: "agent",
};

export const colleague: AgentProfile = {
  id: 2,
  name: "Bruno",
  email: "bruno@hourline.example",
  role: "agent",
};

/** 2026-12-01T10:00:00Z: every test's clock starts here. */
export const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);

export const visitorEmail = (conversationId: number) => `visitor${conversationId}@clinic.example`;

/** Message `id` in conversation `conversationId`, written `id` seconds after T0. */
export function visitorMessage(
  id: number,
  conversationId = 7,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    client_id: null,
    conversation_id: conversationId,
    sender: visitorEmail(conversationId),
    receiver: "null",
    message: `visitor says ${id}`,
    msg_type: "text",
    sender_username: "Meera",
    sender_type: "visitor",
    created_at: T0 + id * 1000,
    ...extra,
  };
}

export function agentMessage(
  id: number,
  conversationId = 7,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    client_id: null,
    conversation_id: conversationId,
    sender: colleague.email,
    receiver: visitorEmail(conversationId),
    message: `agent says ${id}`,
    msg_type: "text",
    sender_username: colleague.name,
    sender_type: "agent",
    created_at: T0 + id * 1000,
    ...extra,
  };
}

/** This agent's own reply `clientId` as the server stores and echoes it. */
export function ownReply(id: number, clientId: string, conversationId = 7): ChatMessage {
  return agentMessage(id, conversationId, {
    client_id: clientId,
    sender: me.email,
    sender_username: me.name,
    message: `mine ${clientId}`,
  });
}

/** An open conversation with no messages yet, started at T0 - 1 min. */
export function summary(id: number, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id,
    visitor_name: `Visitor ${id}`,
    visitor_email: visitorEmail(id),
    state: "open",
    started_at: T0 - 60_000,
    ended_at: null,
    ended_by: null,
    last_message: null,
    unread: 0,
    waiting_since: null,
    visitor_online: true,
    missed: false,
    assignee: null,
    activity_at: T0 - 60_000,
    ...extra,
  };
}

export function ended(id: number, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return summary(id, {
    state: "ended",
    ended_at: T0 - 30_000,
    ended_by: "visitor",
    visitor_online: false,
    ...extra,
  });
}

export function contact(
  id: number,
  extra: Partial<ContactMessageSummary> = {},
): ContactMessageSummary {
  return {
    id,
    name: `Sender ${id}`,
    email: `sender${id}@example.com`,
    phone: null,
    message: `Contact message ${id}`,
    received_at: T0 - id * 60_000,
    read: false,
    handled: false,
    handled_at: null,
    handled_by: null,
    ...extra,
  };
}

export function detail(
  conversation: ConversationSummary,
  earlier: ConversationSummary[] = [],
): ConversationDetailAnswer {
  return {
    status: 200,
    conversation,
    visitor: {
      email: conversation.visitor_email,
      name: conversation.visitor_name,
      first_seen_at: T0 - 86_400_000,
      online: conversation.visitor_online,
      transcript_requested: false,
      language: "en",
      context: {},
    },
    earlier,
  };
}
