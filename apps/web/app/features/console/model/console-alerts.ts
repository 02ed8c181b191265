/**
 * What an agent may want to hear about while looking elsewhere: a new chat, and a visitor's new
 * message, each once however it reaches this console, in chats that are theirs or nobody's. Read from an action before it is applied,
 * against the state it is applied to; alert-delivery.ts decides what each becomes.
 */
import type { MsgType } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConsoleAction, ConsoleState } from "./console-state-shape";

export type ConsoleAlert =
  | { kind: "conversation"; conversationId: number; visitorName: string }
  | {
      kind: "message";
      conversationId: number;
      visitorName: string;
      html: string;
      msgType: MsgType;
    };

/** A chat another agent has taken is theirs to hear about: alerts are for mine and nobody's. */
function othersChat(state: ConsoleState, summary: ConversationSummary | undefined): boolean {
  return summary?.assignee != null && summary.assignee.id !== state.me.id;
}

export function alertFor(state: ConsoleState, action: ConsoleAction): ConsoleAlert | null {
  if (action.type === "conversation") {
    const { summary } = action;
    // Until the open list has arrived, a pushed chat may be one that was there already.
    const isNew =
      state.loaded.open &&
      summary.state === "open" &&
      !state.conversations[summary.id] &&
      !othersChat(state, summary);
    return isNew
      ? { kind: "conversation", conversationId: summary.id, visitorName: summary.visitor_name }
      : null;
  }
  if (action.type === "received" && action.message.sender_type === "visitor") {
    const { message } = action;
    const summary = state.conversations[message.conversation_id];
    const known = summary?.last_message && summary.last_message.id >= message.id;
    return known || othersChat(state, summary)
      ? null
      : {
          kind: "message",
          conversationId: message.conversation_id,
          visitorName: message.sender_username,
          html: message.message,
          msgType: message.msg_type,
        };
  }
  return null;
}
