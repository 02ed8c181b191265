/**
 * The one table from frames the server pushes on /ws/agent/ to console actions. A frame that does
 * not match its contract is ignored, never half-applied.
 */
import { chatMessageSchema } from "@hourline/contracts/chat-message";
import {
  contactMessageSummarySchema,
  conversationSummarySchema,
} from "@hourline/contracts/console-inbox";
import { type AgentServerFrame } from "@hourline/contracts/chat-server-frames";
import { toMillis } from "~/lib/live-chat/clock-time";
import type { ConsoleAction } from "./console-state";

type FrameType = AgentServerFrame["message_type"];
type Frame = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === "string";

/** `meId`: this agent, whose own typing echoes back and is not news. */
function frameActions(meId: number): {
  [K in FrameType]: (frame: Frame) => ConsoleAction | null;
} {
  return {
    ack: (f) =>
      isString(f.client_id) && isNumber(f.id)
        ? { type: "acked", clientId: f.client_id, id: f.id }
        : null,
    message: (f) => {
      const parsed = chatMessageSchema.safeParse(f);
      return parsed.success ? { type: "received", message: parsed.data } : null;
    },
    conversation: (f) => {
      const parsed = conversationSummarySchema.safeParse(f);
      return parsed.success ? { type: "conversation", summary: parsed.data } : null;
    },
    chat_ended: (f) =>
      isNumber(f.conversation_id)
        ? {
            type: "ended",
            conversationId: f.conversation_id,
            endedAt: isNumber(f.ended_at) ? toMillis(f.ended_at) : Date.now(),
            endedBy: f.ended_by === "visitor" ? "visitor" : "agent",
          }
        : null,
    contact_message: (f) => {
      const parsed = contactMessageSummarySchema.safeParse(f);
      return parsed.success ? { type: "contact", message: parsed.data } : null;
    },
    typing: (f) => {
      if (!isNumber(f.conversation_id) || typeof f.typing !== "boolean") return null;
      if (f.from === "agent" && f.agent_id === meId) return null;
      return {
        type: "typing",
        conversationId: f.conversation_id,
        from: f.from === "agent" ? "agent" : "visitor",
        typing: f.typing,
        ...(isString(f.agent_name) ? { agentName: f.agent_name } : {}),
      };
    },
    visitor_presence: (f) =>
      isString(f.visitor_email) && typeof f.online === "boolean"
        ? { type: "visitor-presence", email: f.visitor_email, online: f.online }
        : null,
    agent_presence: (f) =>
      isNumber(f.agent_id) && typeof f.online === "boolean"
        ? { type: "agent-presence", agentId: f.agent_id, online: f.online }
        : null,
    error: (f) => {
      const message = isString(f.message) ? f.message : "The reply could not be sent.";
      if (isString(f.client_id)) return { type: "failed", clientId: f.client_id, error: message };
      return { type: "notice", message };
    },
  };
}

/** Reads the frames of one agent's socket. */
export function frameReader(meId: number): (frame: unknown) => ConsoleAction | null {
  const table = frameActions(meId);
  return (frame) => {
    if (typeof frame !== "object" || frame === null) return null;
    const f = frame as Frame;
    const type = f.message_type;
    if (!isString(type) || !Object.hasOwn(table, type)) return null;
    return table[type as FrameType](f);
  };
}
