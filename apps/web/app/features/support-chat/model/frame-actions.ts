/**
 * The one table from frames the server pushes on /ws/support/{email}/ to chat actions. A frame that
 * does not match its contract is ignored, never half-applied.
 */
import { chatMessageSchema } from "@hourline/contracts/chat-message";
import { type VisitorServerFrame } from "@hourline/contracts/chat-server-frames";
import { toMillis } from "~/lib/live-chat/clock-time";
import type { ChatAction } from "./chat-state";

type FrameType = VisitorServerFrame["message_type"];
type Frame = Record<string, unknown>;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === "string";

const frameActions: { [K in FrameType]: (frame: Frame) => ChatAction | null } = {
  ack: (f) =>
    isString(f.client_id) && isNumber(f.id)
      ? { type: "acked", clientId: f.client_id, id: f.id }
      : null,
  message: (f) => {
    const parsed = chatMessageSchema.safeParse(f);
    return parsed.success ? { type: "received", message: parsed.data } : null;
  },
  chat_ended: (f) => ({
    type: "ended",
    end: {
      by: f.ended_by === "visitor" ? "visitor" : "agent",
      at: isNumber(f.ended_at) ? toMillis(f.ended_at) : Date.now(),
    },
  }),
  presence: (f) =>
    typeof f.agents_online === "boolean" ? { type: "presence", online: f.agents_online } : null,
  // The visitor's own typing, echoed from another tab, is not news.
  typing: (f) =>
    f.from === "visitor" || typeof f.typing !== "boolean"
      ? null
      : { type: "typing", typing: f.typing },
  error: (f) => {
    const message = isString(f.message) ? f.message : "The message could not be sent.";
    if (isString(f.client_id)) return { type: "failed", clientId: f.client_id, error: message };
    return { type: "notice", message };
  },
};

export function frameToAction(frame: unknown): ChatAction | null {
  if (typeof frame !== "object" || frame === null) return null;
  const f = frame as Frame;
  const type = f.message_type;
  if (!isString(type) || !Object.hasOwn(frameActions, type)) return null;
  return frameActions[type as FrameType](f);
}
