/**
 * How each chat client reads its socket: one table from the frame types the contract names to the
 * store's actions, each entry parsing its frame with the contract's schema before anything reads
 * it. A frame that does not match is ignored, never half-applied, and so is a type the table does
 * not name ("__proto__" included). A client requires the fields it reads; where it has a fallback
 * (when a chat ended and who ended it: now and support; a refusal's words) a missing or broken
 * field takes it, so a tab loaded before an update still follows a newer server.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import {
  ackFrameSchema,
  catchUpFrameSchema,
  chatEndedFrameSchema,
  errorFrameSchema,
  messageFrameSchema,
  type ChatErrorCode,
} from "@hourline/contracts/chat-server-frames";
import { z } from "zod/mini";
import type { DeliveryChange } from "./live-messages";

export type FrameEntry<A> = (frame: unknown) => A | null;

/** A frame type's entry: its schema, and the action a frame that matches becomes (or none). */
export function frameEntry<T, A>(
  schema: z.ZodMiniType<T>,
  toAction: (frame: T) => A | null,
): FrameEntry<A> {
  return (frame) => {
    const parsed = schema.safeParse(frame);
    return parsed.success ? toAction(parsed.data) : null;
  };
}

/** The reader of a table: a frame in, its action (or null) out. */
export function frameTable<K extends string, A>(
  entries: Record<K, FrameEntry<A>>,
): (frame: unknown) => A | null {
  const typed = z.object({ message_type: z.enum(Object.keys(entries) as [K, ...K[]]) });
  return (frame) => {
    const parsed = typed.safeParse(frame);
    return parsed.success ? entries[parsed.data.message_type](frame) : null;
  };
}

/** The actions both stores take from the frames both sockets send alike. */
export type SharedFrameAction =
  | Extract<DeliveryChange, { type: "acked" | "failed" }>
  | { type: "received"; message: ChatMessage }
  | { type: "notice"; message: string };

/**
 * The entries both tables share: an ack, a stored message, and a refusal (of one message when it
 * names its client_id, else a notice), said by `refusalWords` from its code and the server's words
 * (missing when the frame had none).
 */
export function sharedFrameEntries(
  refusalWords: (code: ChatErrorCode, message: string | undefined) => string,
) {
  const refusal = z.extend(errorFrameSchema, {
    message: z.catch(z.optional(errorFrameSchema.shape.message), undefined),
  });
  return {
    ack: frameEntry(ackFrameSchema, (f): SharedFrameAction => ({
      type: "acked",
      clientId: f.client_id,
      id: f.id,
    })),
    message: frameEntry(
      messageFrameSchema,
      ({ message_type: _type, ...message }): SharedFrameAction => ({
        type: "received",
        message,
      }),
    ),
    error: frameEntry(refusal, (f): SharedFrameAction => {
      const words = refusalWords(f.code, f.message);
      return f.client_id === undefined
        ? { type: "notice", message: words }
        : { type: "failed", clientId: f.client_id, error: words };
    }),
  };
}

/** The end of a chat, read as both clients need it: when and by whom fall back to now and support. */
export const chatEndSchema = z.object({
  message_type: chatEndedFrameSchema.shape.message_type,
  ended_at: z.catch(chatEndedFrameSchema.shape.ended_at, () => Date.now()),
  ended_by: z.catch(chatEndedFrameSchema.shape.ended_by, "agent"),
});

const refusalForNow = z.object({
  message_type: errorFrameSchema.shape.message_type,
  code: z.literal("unavailable"),
  client_id: z.string(),
});

/**
 * The message a refusal for now names (the server cannot store messages this moment): not a store
 * action, the session's outbox sends it again by itself (LiveOutbox.later); undefined otherwise.
 */
export function refusedForNow(frame: unknown): string | undefined {
  const parsed = refusalForNow.safeParse(frame);
  return parsed.success ? parsed.data.client_id : undefined;
}

/** "Fetch what you may have missed": not a store action, the session fetches. */
export function isCatchUp(frame: unknown): boolean {
  return catchUpFrameSchema.safeParse(frame).success;
}

const previousIdSchema = z.object({
  message_type: messageFrameSchema.shape.message_type,
  previous_id: z.number(),
});

/**
 * Whether a pushed message says one came before it that a client holding messages up to
 * `lastId` has not got (an instance or the connection between them restarted on the way).
 */
export function missedBefore(frame: unknown, lastId: number): boolean {
  const parsed = previousIdSchema.safeParse(frame);
  return parsed.success && parsed.data.previous_id > lastId;
}
