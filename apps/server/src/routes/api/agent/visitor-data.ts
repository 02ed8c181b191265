/**
 * A visitor's data on request, for admins: the export of everything stored about one address,
 * its erasure, the audit log of both, and the data settings the console shows. Every export and
 * erasure is written to the audit log with the admin who asked and what it covered; the log keeps
 * the address masked and as a keyed hash, never in full (an erased address stays erased).
 */
import { createHmac, randomBytes } from "node:crypto";
import { apiError, apiErrorSchema } from "@hourline/contracts/api-error";
import {
  auditLogListSchema,
  auditLogPage,
  operationsSettingsSchema,
  visitorEmailParamsSchema,
  visitorEraseAnswerSchema,
  visitorExportSchema,
  type AuditLogEntry,
  type VisitorDataCounts,
  type VisitorEmailParams,
  type VisitorExport,
} from "@hourline/contracts/visitor-data";
import { storedVisitorContext } from "@hourline/contracts/visitor-context";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { uploadUrlPath } from "../../../chat/upload-name";
import { createUploadStore } from "../../../chat/upload-store";
import { channels } from "../../../chat/broker-channels";
import { maskEmail } from "../../../log/redaction";
import { signedInAgent } from "../../../plugins/agent-sessions";
import { getOrCreateSetting } from "../../../repositories/app-settings";
import { insertAuditEntry, listAuditEntries } from "../../../repositories/audit-log";
import {
  eraseVisitorData,
  readVisitorData,
  type StoredVisitorData,
} from "../../../repositories/visitor-data";

export interface VisitorDataRoutesOptions {
  /** DATA_DIR, where the images' files are. */
  dataDir: string;
  /** RETENTION_DAYS, shown to admins. */
  retentionDays: number;
}

async function requireAdmin(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (signedInAgent(request).agent.role === "admin") return undefined;
  return reply
    .code(403)
    .send(apiError(403, "forbidden", "Only an admin can see or change visitors' data."));
}

const sideOf = (uploadedBy: string) => (uploadedBy.startsWith("agent:") ? "agent" : "visitor");

function toExport(email: string, data: StoredVisitorData, now: number): VisitorExport {
  const byConversation = <T extends { conversation_id: number }>(rows: T[], id: number) =>
    rows.filter((r) => r.conversation_id === id);
  return {
    status: 200,
    email,
    exported_at: now,
    counts: countsOf(data),
    visitors: data.visitors,
    conversations: data.conversations.map((c) => ({
      id: c.id,
      visitor_name: c.visitor_name,
      state: c.state,
      started_at: c.started_at,
      ended_at: c.ended_at,
      ended_by: c.ended_by,
      transcript_requested: c.transcript_requested === 1,
      visitor_context: storedVisitorContext(c.visitor_context),
      messages: byConversation(data.messages, c.id).map((m) => ({
        id: m.id,
        sender: m.sender_type,
        sender_username: m.sender_username,
        message: m.message,
        msg_type: m.msg_type,
        created_at: m.created_at,
      })),
      images: byConversation(data.uploads, c.id).map((u) => ({
        name: u.name,
        url: uploadUrlPath(u.name),
        content_type: u.content_type,
        size: u.size,
        width: u.width,
        height: u.height,
        sender: sideOf(u.uploaded_by),
        created_at: u.created_at,
      })),
      rating:
        byConversation(data.ratings, c.id).map((r) => ({
          score: r.score,
          comment: r.comment,
          created_at: r.created_at,
          updated_at: r.updated_at,
        }))[0] ?? null,
      agent_entries: byConversation(data.agentEntries, c.id).map((e) => ({
        kind: e.kind,
        agent_name: e.agent_name,
        body: e.body,
        sent_to: e.sent_to,
        created_at: e.created_at,
      })),
    })),
    contact_messages: data.contactMessages.map((m) => ({ ...m, handled: m.handled === 1 })),
    chat_sessions: data.sessions,
    one_time_codes: data.codes,
    mail: data.mail.map((m) => ({
      kind: m.kind,
      to: m.to_address,
      subject: m.subject,
      status: m.status,
      created_at: m.created_at,
      finished_at: m.finished_at,
    })),
  };
}

function countsOf(data: StoredVisitorData): VisitorDataCounts {
  return {
    visitors: data.visitors.length,
    conversations: data.conversations.length,
    messages: data.messages.length,
    images: data.uploads.length,
    contact_messages: data.contactMessages.length,
    chat_sessions: data.sessions.length,
    one_time_codes: data.codes.length,
    mail: data.mail.length,
  };
}

const visitorDataRoutes: FastifyPluginAsync<VisitorDataRoutesOptions> = async (app, options) => {
  const db = app.database.db;
  const uploads = createUploadStore(db, options.dataDir);
  const subjectKey = await getOrCreateSetting(db, "audit.subject_key", () =>
    randomBytes(32).toString("base64url"),
  );
  const subjectHash = (email: string) =>
    createHmac("sha256", subjectKey).update(email).digest("hex");
  app.addHook("onRequest", requireAdmin);

  const audit = async (
    request: FastifyRequest,
    action: "visitor_export" | "visitor_erase",
    email: string,
    details: VisitorDataCounts,
  ) => {
    const admin = signedInAgent(request).agent;
    const id = await insertAuditEntry(db, {
      agentId: admin.id,
      agentName: admin.name,
      agentEmail: admin.email,
      action,
      subjectMasked: maskEmail(email),
      subjectHash: subjectHash(email),
      details,
    });
    request.log.info({ adminId: admin.id, auditId: id, action, details }, "visitor data request");
  };

  app.get<{ Params: VisitorEmailParams }>(
    "/visitors/:email/export",
    {
      schema: {
        params: visitorEmailParamsSchema,
        response: { 200: visitorExportSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.params;
      const answer = toExport(email, await readVisitorData(db, email), Date.now());
      await audit(request, "visitor_export", email, answer.counts);
      reply.header("Content-Disposition", 'attachment; filename="visitor-data.json"');
      return answer;
    },
  );

  app.delete<{ Params: VisitorEmailParams }>(
    "/visitors/:email",
    {
      schema: {
        params: visitorEmailParamsSchema,
        response: { 200: visitorEraseAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => {
      const { email } = request.params;
      const erased = await eraseVisitorData(db, email);
      // The rows are gone; the image bytes and any open chat sockets of the address follow.
      await uploads.removeBytes(erased.uploads);
      // Every open console drops them from its lists at once.
      if (erased.conversationIds.length > 0) {
        await app.chatBroker.publish(channels.agents, {
          message_type: "conversations_removed",
          conversation_ids: erased.conversationIds,
        });
      }
      for (const sessionId of erased.sessionIds) {
        await app.chatBroker.publish(channels.visitorSessions, { sessionId });
      }
      const counts: VisitorDataCounts = {
        visitors: erased.visitors,
        conversations: erased.conversations,
        messages: erased.messages,
        images: erased.uploads.length,
        contact_messages: erased.contactMessages,
        chat_sessions: erased.sessionIds.length,
        one_time_codes: erased.codes,
        mail: erased.mail,
      };
      await audit(request, "visitor_erase", email, counts);
      // Nor in the database's files: free pages, the search index's segments, the WAL (SQLite),
      // dead tuples (PostgreSQL). The erasure itself is done and committed: a scrub that fails
      // is logged for the operator, and the answer still says what was erased.
      try {
        await app.database.scrubDeletedData();
      } catch (err) {
        request.log.error({ err }, "erased data not scrubbed from the database files");
      }
      return { status: 200 as const, email, erased: counts };
    },
  );

  app.get(
    "/audit-log",
    { schema: { response: { 200: auditLogListSchema, "4xx": apiErrorSchema } } },
    async (): Promise<AuditLogEntry[]> =>
      (await listAuditEntries(db, { limit: auditLogPage })).map((e) => ({
        id: e.id,
        created_at: e.createdAt,
        action: e.action,
        agent_id: e.agentId,
        agent_name: e.agentName,
        agent_email: e.agentEmail,
        subject: e.subjectMasked,
        details: e.details as VisitorDataCounts,
      })),
  );

  app.get(
    "/operations",
    { schema: { response: { 200: operationsSettingsSchema, "4xx": apiErrorSchema } } },
    async () => ({ status: 200 as const, retention_days: options.retentionDays }),
  );
};

export default visitorDataRoutes;
