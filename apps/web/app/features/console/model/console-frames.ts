/**
 * The one table from frames the server pushes on /ws/agent/ to console actions, each parsed with
 * its schema from the contract (lib/live-chat/frame-table.ts says how).
 */
import { z } from "zod/mini";
import {
  agentEntryFrameSchema,
  agentPresenceFrameSchema,
  chatEndedFrameSchema,
  contactMessageFrameSchema,
  conversationFrameSchema,
  conversationsRemovedFrameSchema,
  profileFrameSchema,
  ratingFrameSchema,
  typingFrameSchema,
  viewingFrameSchema,
  visitorPresenceFrameSchema,
  type AgentServerFrame,
} from "@hourline/contracts/chat-server-frames";
import { toMillis } from "~/lib/live-chat/clock-time";
import {
  chatEndSchema,
  frameEntry,
  frameTable,
  sharedFrameEntries,
  type FrameEntry,
} from "~/lib/live-chat/frame-table";
import type { ConsoleAction } from "./console-state-shape";

const conversationEnd = z.extend(chatEndSchema, {
  conversation_id: chatEndedFrameSchema.shape.conversation_id,
});

/** `meId`: this agent, whose own typing echoes back and is not news. */
function frameActions(meId: number): {
  [K in AgentServerFrame["message_type"]]: FrameEntry<ConsoleAction>;
} {
  return {
    ...sharedFrameEntries((_code, message) => message ?? "The reply could not be sent."),
    conversation: frameEntry(conversationFrameSchema, ({ message_type: _type, ...summary }) => ({
      type: "conversation",
      summary,
      live: true,
    })),
    chat_ended: frameEntry(conversationEnd, (f) => ({
      type: "ended",
      conversationId: f.conversation_id,
      endedAt: toMillis(f.ended_at),
      endedBy: f.ended_by,
    })),
    contact_message: frameEntry(
      contactMessageFrameSchema,
      ({ message_type: _type, ...message }) => ({
        type: "contact",
        message,
      }),
    ),
    typing: frameEntry(typingFrameSchema, (f) => {
      if (f.from === "agent" && f.agent_id === meId) return null;
      return {
        type: "typing",
        conversationId: f.conversation_id,
        from: f.from,
        typing: f.typing,
        ...(f.agent_name === undefined ? {} : { agentName: f.agent_name }),
      };
    }),
    // The session fetches what was missed (console-session.ts); nothing changes in the store.
    catch_up: () => null,
    // A visitor's rating: the open conversation shows it at once, not only on the next fetch.
    rating: frameEntry(ratingFrameSchema, ({ message_type: _type, ...rating }) => ({
      type: "rating",
      rating,
    })),
    visitor_presence: frameEntry(visitorPresenceFrameSchema, (f) => ({
      type: "visitor-presence",
      email: f.visitor_email,
      online: f.online,
    })),
    agent_entry: frameEntry(agentEntryFrameSchema, ({ message_type: _type, ...entry }) => ({
      type: "entry",
      entry,
    })),
    viewing: frameEntry(viewingFrameSchema, (f) =>
      f.agent_id === meId
        ? null
        : {
            type: "viewer",
            agentId: f.agent_id,
            agentName: f.agent_name,
            conversationId: f.conversation_id,
          },
    ),
    // An admin erased a visitor's data: their conversations leave every list.
    conversations_removed: frameEntry(conversationsRemovedFrameSchema, (f) => ({
      type: "removed",
      conversationIds: f.conversation_ids,
    })),
    // This agent's own name or role changed: admin links appear or go without a reload.
    profile: frameEntry(profileFrameSchema, (f) => ({ type: "me", agent: f.agent })),
    agent_presence: frameEntry(agentPresenceFrameSchema, (f) => ({
      type: "agent-presence",
      agentId: f.agent_id,
      online: f.online,
      availability: f.availability,
    })),
  };
}

/** Reads the frames of one agent's socket. */
export function frameReader(meId: number): (frame: unknown) => ConsoleAction | null {
  return frameTable(frameActions(meId));
}
