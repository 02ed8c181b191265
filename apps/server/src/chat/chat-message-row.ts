/**
 * A stored chat message as the API and the sockets show it. Agents see it as stored; a visitor
 * sees an agent's message with `sender` = "support" (the agent's display name is in
 * sender_username): no agent's e-mail address ever reaches a visitor.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { Selectable } from "kysely";
import type { ChatMessagesTable } from "../db/schema";

export type ChatMessageRow = Selectable<ChatMessagesTable>;

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    client_id: row.client_id,
    conversation_id: row.conversation_id,
    sender: row.sender,
    receiver: row.receiver,
    message: row.message,
    msg_type: row.msg_type,
    sender_username: row.sender_username,
    sender_type: row.sender_type,
    created_at: row.created_at,
  };
}

/** What a visitor is shown of a message: an agent's address becomes "support". */
export function forVisitor(message: ChatMessage): ChatMessage {
  return message.sender_type === "agent" ? { ...message, sender: agentSenderForVisitors } : message;
}

export const agentSenderForVisitors = "support";
