/**
 * A visitor's data on request, for admins: everything stored about one e-mail address as JSON
 * (GET /api/agent/visitors/{email}/export), erasing it (DELETE /api/agent/visitors/{email}), the
 * audit log that records each of those (GET /api/agent/audit-log), and the data settings the
 * console shows admins (GET /api/agent/operations).
 */
import { z } from "zod/mini";
import { contactMessageSummarySchema } from "./console-inbox";
import { emailField } from "./email-address";
import { visitorContextSchema } from "./visitor-context";
import { agentEntryKinds } from "./console-team";

export const visitorEmailParamsSchema = z.object({
  email: emailField(
    {
      required: "Please enter the visitor's e-mail address.",
      invalid: "Please enter a valid e-mail address, like name@company.com.",
    },
    { normalize: true },
  ),
});
export type VisitorEmailParams = z.infer<typeof visitorEmailParamsSchema>;

const nullableTime = z.nullable(z.number());
const side = z.enum(["visitor", "agent"]);

export const exportedMessageSchema = z.object({
  id: z.number(),
  sender: side,
  sender_username: z.string(),
  /** Sanitized HTML, as stored. */
  message: z.string(),
  msg_type: z.enum(["text", "image"]),
  created_at: z.number(),
});

export const exportedImageSchema = z.object({
  name: z.string(),
  /** Where an agent's session can fetch the bytes. */
  url: z.string(),
  content_type: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  sender: side,
  created_at: z.number(),
});

export const exportedConversationSchema = z.object({
  id: z.number(),
  visitor_name: z.string(),
  state: z.enum(["open", "ended"]),
  started_at: z.number(),
  ended_at: nullableTime,
  ended_by: z.nullable(side),
  transcript_requested: z.boolean(),
  /** The page the chat was opened on, pages visited, browser and device class, time zone. */
  visitor_context: visitorContextSchema,
  messages: z.array(exportedMessageSchema),
  images: z.array(exportedImageSchema),
  /** The visitor's rating of the chat, if they gave one. */
  rating: z.optional(
    z.nullable(
      z.object({
        score: z.number(),
        comment: z.nullable(z.string()),
        created_at: z.number(),
        updated_at: z.number(),
      }),
    ),
  ),
  /** What agents wrote about the conversation (internal notes) and the e-mail answers sent. */
  agent_entries: z.array(
    z.object({
      kind: z.enum(agentEntryKinds),
      agent_name: z.string(),
      body: z.string(),
      sent_to: z.nullable(z.string()),
      created_at: z.number(),
    }),
  ),
});

/** A contact message as the console lists it, less which agents read and handled it. */
export const exportedContactMessageSchema = z.omit(contactMessageSummarySchema, {
  read: true,
  handled_by: true,
});

/** What each kind of row holds about the address: counts, for the answer and the audit log. */
export const visitorDataCountsSchema = z.object({
  visitors: z.number(),
  conversations: z.number(),
  messages: z.number(),
  images: z.number(),
  contact_messages: z.number(),
  chat_sessions: z.number(),
  one_time_codes: z.number(),
  mail: z.number(),
});
export type VisitorDataCounts = z.infer<typeof visitorDataCountsSchema>;

export const visitorExportSchema = z.object({
  status: z.literal(200),
  email: z.string(),
  exported_at: z.number(),
  counts: visitorDataCountsSchema,
  /** The name the visitor gave the chat, and when. */
  visitors: z.array(z.object({ name: z.string(), created_at: z.number(), updated_at: z.number() })),
  conversations: z.array(exportedConversationSchema),
  contact_messages: z.array(exportedContactMessageSchema),
  /** Chat sessions (their secret tokens are stored only as hashes and are not exported). */
  chat_sessions: z.array(
    z.object({ created_at: z.number(), expires_at: z.number(), last_seen_at: z.number() }),
  ),
  /** One-time codes sent (stored only as hashes; the codes are not exported). */
  one_time_codes: z.array(
    z.object({
      created_at: z.number(),
      expires_at: z.number(),
      closed_at: nullableTime,
      closed_reason: z.nullable(z.string()),
      failed_attempts: z.number(),
    }),
  ),
  /** Mail to the address, or about it (to the support inbox), kept in the outbox. */
  mail: z.array(
    z.object({
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      created_at: z.number(),
      finished_at: nullableTime,
    }),
  ),
});
export type VisitorExport = z.infer<typeof visitorExportSchema>;

export const visitorEraseAnswerSchema = z.object({
  status: z.literal(200),
  email: z.string(),
  erased: visitorDataCountsSchema,
});
export type VisitorEraseAnswer = z.infer<typeof visitorEraseAnswerSchema>;

/**
 * visitor_export / visitor_erase: an admin's data request; visitor_block / visitor_unblock: an
 * address blocked or unblocked; bulk_end / bulk_assign: several chats ended or assigned at once
 * (the subject then names how many, the details which agent and how many were done).
 */
export const auditActions = [
  "visitor_export",
  "visitor_erase",
  "visitor_block",
  "visitor_unblock",
  "bulk_end",
  "bulk_assign",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditLogEntrySchema = z.object({
  id: z.number(),
  created_at: z.number(),
  action: z.enum(auditActions),
  agent_id: z.number(),
  /**
   * Who acted, as they were named and addressed at the time (a later rename does not change it).
   * Null only for an entry written before names were kept whose agent's account is gone.
   */
  agent_name: z.nullable(z.string()),
  agent_email: z.nullable(z.string()),
  /**
   * The address, masked (`p***@example.com`): the log does not keep the address it erased; for a
   * bulk action, how many conversations.
   */
  subject: z.string(),
  /** Counts: what a data request covered, or what a block or bulk action did. */
  details: z.record(z.string(), z.number()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
/** Newest first, at most auditLogPage. */
export const auditLogListSchema = z.array(auditLogEntrySchema);
export const auditLogPage = 200;

export const operationsSettingsSchema = z.object({
  status: z.literal(200),
  /** RETENTION_DAYS; 0 keeps everything. */
  retention_days: z.number(),
});
export type OperationsSettings = z.infer<typeof operationsSettingsSchema>;
