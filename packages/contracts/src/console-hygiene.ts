/**
 * Keeping the queue clean: bulk actions on several chats at once, the team's routing settings
 * (the cap on open chats per agent, when a silent chat whose visitor left ends by itself) and the
 * list of blocked visitor addresses.
 */
import { z } from "zod/mini";
import { defaultMaxOpenChats } from "./console-team";
import { emailField } from "./email-address";

// ---------------------------------------------------------------------------------------------
// Bulk actions: POST /api/agent/conversations/bulk

/** At most this many chats in one bulk request (two pages of the list). */
export const bulkLimits = { conversations: 100 } as const;
export const bulkActions = ["end", "assign"] as const;
export type BulkAction = (typeof bulkActions)[number];

const idsMessage = `conversation_ids must list 1 to ${bulkLimits.conversations} conversation ids.`;

export const bulkActionBodySchema = z.object({
  action: z.enum(bulkActions, { error: "action must be end or assign" }),
  conversation_ids: z
    .array(z.number({ error: idsMessage }).check(z.int(idsMessage), z.minimum(1, idsMessage)), {
      error: idsMessage,
    })
    .check(z.minLength(1, idsMessage), z.maxLength(bulkLimits.conversations, idsMessage)),
  /** With `assign`: the agent's id, or null to give the chats back to nobody. */
  agent_id: z.optional(
    z.nullable(
      z
        .number({ error: "agent_id must be an agent's id or null." })
        .check(z.int(), z.minimum(1, "agent_id must be an agent's id or null.")),
    ),
  ),
});
export type BulkActionBody = z.infer<typeof bulkActionBodySchema>;

/**
 * One chat's outcome: done, or why not (it is gone, it had ended already, the agent is no longer
 * active): another agent may have acted on it between the selection and the request.
 */
export const bulkResultSchema = z.object({
  id: z.number(),
  ok: z.boolean(),
  code: z.optional(z.enum(["not_found", "chat_ended", "conflict"])),
  message: z.optional(z.string()),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkActionAnswerSchema = z.object({
  status: z.literal(200),
  /** How many were done. */
  done: z.number(),
  results: z.array(bulkResultSchema),
});
export type BulkActionAnswer = z.infer<typeof bulkActionAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Routing settings: GET, PUT /api/agent/settings/routing

/** A silent chat whose visitor left ends by itself after this many minutes (0: never). */
export const defaultAbandonedAfterMinutes = 30;
export const routingLimits = {
  maxOpenChats: { min: 1, max: 100 },
  abandonedAfterMinutes: { min: 0, max: 7 * 24 * 60 },
} as const;

const capMessage = `max_open_chats must be a whole number from ${routingLimits.maxOpenChats.min} to ${routingLimits.maxOpenChats.max}.`;
const abandonedMessage = `abandoned_after_minutes must be a whole number from ${routingLimits.abandonedAfterMinutes.min} (never) to ${routingLimits.abandonedAfterMinutes.max}.`;

export const routingSettingsSchema = z.object({
  max_open_chats: z
    .number({ error: capMessage })
    .check(
      z.int(capMessage),
      z.minimum(routingLimits.maxOpenChats.min, capMessage),
      z.maximum(routingLimits.maxOpenChats.max, capMessage),
    ),
  abandoned_after_minutes: z
    .number({ error: abandonedMessage })
    .check(
      z.int(abandonedMessage),
      z.minimum(routingLimits.abandonedAfterMinutes.min, abandonedMessage),
      z.maximum(routingLimits.abandonedAfterMinutes.max, abandonedMessage),
    ),
});
export type RoutingSettings = z.infer<typeof routingSettingsSchema>;

export const defaultRoutingSettings: RoutingSettings = {
  max_open_chats: defaultMaxOpenChats,
  abandoned_after_minutes: defaultAbandonedAfterMinutes,
};

export const routingSettingsAnswerSchema = z.object({
  status: z.literal(200),
  routing: routingSettingsSchema,
});
export type RoutingSettingsAnswer = z.infer<typeof routingSettingsAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Blocked visitors: POST, GET /api/agent/blocked-visitors; DELETE /api/agent/blocked-visitors/{email}

/** What a blocked visitor is told when they try to verify or register. */
export const blockedMessage = "This address cannot start a chat. Please write to us by e-mail.";

export const blockBodySchema = z.object({
  email: emailField(
    {
      required: "Please give the visitor's e-mail address.",
      invalid: "Please give a valid e-mail address.",
    },
    { normalize: true },
  ),
});
export type BlockBody = z.infer<typeof blockBodySchema>;

export const blockedVisitorSchema = z.object({
  email: z.string(),
  blocked_at: z.number(),
  /** The agent who blocked, by display name as it was then. */
  blocked_by: z.string(),
});
export type BlockedVisitor = z.infer<typeof blockedVisitorSchema>;

export const blockAnswerSchema = z.object({
  status: z.literal(200),
  blocked: blockedVisitorSchema,
  /** Whether an open chat of theirs was ended by the block. */
  ended_conversation_id: z.nullable(z.number()),
});
export const blockedVisitorListSchema = z.array(blockedVisitorSchema);
