/**
 * The one table from frames the server pushes on /ws/support/{email}/ to chat actions, each parsed
 * with its schema from the contract (lib/live-chat/frame-table.ts says how).
 */
import { z } from "zod/mini";
import {
  errorFrameSchema,
  presenceFrameSchema,
  typingFrameSchema,
  type VisitorServerFrame,
} from "@hourline/contracts/chat-server-frames";
import { toMillis } from "~/lib/live-chat/clock-time";
import {
  chatEndSchema,
  frameEntry,
  frameTable,
  sharedFrameEntries,
  type FrameEntry,
} from "~/lib/live-chat/frame-table";
import { refusalWords } from "../api/error-words";
import type { ChatAction } from "./chat-state";

/** The visitor's `chat_ended` carries the token for "How did we do?". */
const visitorChatEnd = z.extend(chatEndSchema, {
  rating_token: z.catch(z.optional(z.string()), undefined),
});

const frameActions: { [K in VisitorServerFrame["message_type"]]: FrameEntry<ChatAction> } = {
  ...sharedFrameEntries(refusalWords),
  chat_ended: frameEntry(visitorChatEnd, (f) => ({
    type: "ended",
    end: {
      by: f.ended_by,
      at: toMillis(f.ended_at),
      ...(f.rating_token ? { ratingToken: f.rating_token } : {}),
    },
  })),
  // The session fetches what was missed (chat-session.ts); nothing changes in the store.
  catch_up: () => null,
  presence: frameEntry(presenceFrameSchema, (f) => ({ type: "presence", online: f.agents_online })),
  // The visitor's own typing, echoed from another tab, is not news.
  typing: frameEntry(
    z.pick(typingFrameSchema, { message_type: true, typing: true, from: true }),
    (f) => (f.from === "visitor" ? null : { type: "typing", typing: f.typing }),
  ),
};

export const frameToAction = frameTable(frameActions);

const chatEndedRefusal = z.object({
  message_type: errorFrameSchema.shape.message_type,
  code: z.literal("chat_ended"),
});

/**
 * A refusal because the chat has ended: besides failing the message (its action), the widget asks
 * how and when the chat ended, which the refusal does not say.
 */
export function isChatEndedRefusal(frame: unknown): boolean {
  return chatEndedRefusal.safeParse(frame).success;
}
