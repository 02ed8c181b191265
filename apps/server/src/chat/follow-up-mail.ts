/**
 * The mail that follows a chat: the transcript a visitor asked for, sent when the chat ends, and
 * an agent's reply the visitor missed (no tab open), sent after a grace period. Both are built
 * from message HTML, which can be long: they are built outside any transaction, in slices that
 * give the event loop back (cooperative-map.ts), and only the claim and the enqueue share a
 * transaction. A transcript left unbuilt by an instance that stopped is picked up by the sweep.
 */
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import {
  chatMissedReplyMail,
  chatTranscriptMail,
  transcriptLine,
  type TranscriptLine,
} from "../mail/templates/chat-mails";
import {
  claimMissedReplyMail,
  claimTranscriptMail,
  conversationsAwaitingTranscript,
  findConversation,
} from "../repositories/chat-conversations";
import { listAgentMessagesAfter, listMessageRowsAfter } from "../repositories/chat-messages";
import { newRatingToken, storeRatingToken } from "../repositories/chat-ratings";
import { enqueueMail } from "../repositories/mail-outbox";
import { mapCooperatively } from "./cooperative-map";
import { newResumeLink } from "./resume-links";
import { messageHtmlToText } from "./message-html";

export interface FollowUpMailOptions {
  publicUrl: string;
  /** How long an agent's reply waits for the visitor to come back before it is e-mailed. */
  missedReplyGraceMs: number;
  /** At most one missed-reply e-mail per conversation in this period. */
  missedReplyQuietMs: number;
}

export const defaultFollowUpTiming = {
  missedReplyGraceMs: 60_000,
  missedReplyQuietMs: 30 * 60_000,
};

/**
 * A transcript stays under this many characters per body (mail servers refuse large mails); the
 * earliest messages are left out, and the mail says how many.
 */
export const transcriptMaxChars = 500_000;

const PAGE = 500;

export class FollowUpMail {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kickMailer: () => void,
    /** Whether any tab of the visitor has the chat socket open, on any instance. */
    private readonly visitorWatching: (email: string) => Promise<boolean>,
    private readonly log: FastifyBaseLogger,
    private readonly options: FollowUpMailOptions,
  ) {}

  /**
   * Builds and queues the transcript of an ended conversation, if it was asked for and nobody has
   * queued it yet. True when this call queued it.
   */
  async mailTranscript(conversationId: number): Promise<boolean> {
    const conversation = await findConversation(this.db, conversationId);
    if (
      !conversation ||
      conversation.state !== "ended" ||
      conversation.transcript_requested !== 1 ||
      conversation.transcript_mailed_at !== null
    ) {
      return false;
    }
    const { lines, omitted } = await this.transcriptLines(conversationId, conversation.language);
    const resume = newResumeLink(
      this.options.publicUrl,
      conversation.visitor_email,
      conversationId,
    );
    // The mail asks "How did we do?" with a link of its own: a token that rates once, 7 days.
    const ratingToken = newRatingToken();
    const mail = chatTranscriptMail({
      chatUrl: resume.url,
      ratingUrl: `${this.options.publicUrl}/chat/rating?token=${ratingToken}`,
      to: conversation.visitor_email,
      visitorName: conversation.visitor_name,
      startedAt: conversation.started_at,
      endedAt: conversation.ended_at ?? Date.now(),
      lines,
      omitted,
      language: conversation.language,
    });
    const now = Date.now();
    const queued = await this.db.transaction().execute(async (trx) => {
      if (!(await claimTranscriptMail(trx, conversationId, now))) return false;
      await resume.store(trx, now);
      await storeRatingToken(trx, ratingToken, conversationId, now);
      await enqueueMail(trx, mail, now);
      return true;
    });
    if (queued) {
      this.kickMailer();
      this.log.info({ conversationId, omitted }, "chat transcript queued");
    }
    return queued;
  }

  /** Every message rendered, a page at a time and in slices; the newest kept if too long. */
  private async transcriptLines(
    conversationId: number,
    language: ChatLanguage,
  ): Promise<{ lines: TranscriptLine[]; omitted: number }> {
    const lines: TranscriptLine[] = [];
    let afterId = 0;
    for (;;) {
      const page = await listMessageRowsAfter(this.db, conversationId, { afterId, limit: PAGE });
      lines.push(
        ...(await mapCooperatively(page, (m) =>
          transcriptLine(
            {
              author: m.sender_username,
              fromVisitor: m.sender_type === "visitor",
              at: m.created_at,
              text: messageHtmlToText(m.message, {
                publicUrl: this.options.publicUrl,
                stored: true,
              }),
            },
            language,
          ),
        )),
      );
      const last = page[page.length - 1];
      if (!last || page.length < PAGE) break;
      afterId = last.id;
    }
    let size = 0;
    let first = lines.length;
    while (first > 0) {
      const line = lines[first - 1] as TranscriptLine;
      size += Math.max(line.text.length, line.html.length);
      if (size > transcriptMaxChars && first < lines.length) break;
      first -= 1;
    }
    return { lines: lines.slice(first), omitted: first };
  }

  /** Queues the transcripts an instance did not get to (it stopped between end and enqueue). */
  async sweepTranscripts(): Promise<number> {
    let queued = 0;
    for (const id of await conversationsAwaitingTranscript(this.db, 50)) {
      if (await this.mailTranscript(id)) queued += 1;
    }
    return queued;
  }

  /**
   * The visitor has no open tab: if they have still not seen this reply after the grace period,
   * and no such e-mail went out in the quiet period, they get one e-mail with the replies they
   * missed and a link back.
   */
  scheduleMissedReply(conversationId: number, messageId: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.sendMissedReplyMail(conversationId, messageId).catch((err: unknown) => {
        this.log.error({ err, conversationId }, "missed-reply e-mail failed");
      });
    }, this.options.missedReplyGraceMs);
    timer.unref();
    this.timers.add(timer);
  }

  async sendMissedReplyMail(conversationId: number, messageId: number): Promise<boolean> {
    const conversation = await findConversation(this.db, conversationId);
    if (!conversation || conversation.visitor_seen_id >= messageId) return false;
    if (await this.visitorWatching(conversation.visitor_email)) return false;
    const unseen = await listAgentMessagesAfter(
      this.db,
      conversationId,
      conversation.visitor_seen_id,
    );
    const last = unseen[unseen.length - 1];
    if (!last) return false;
    const texts = await mapCooperatively(unseen, (m) =>
      messageHtmlToText(m.message, { stored: true }),
    );
    const resume = newResumeLink(
      this.options.publicUrl,
      conversation.visitor_email,
      conversationId,
    );
    const mail = chatMissedReplyMail({
      to: conversation.visitor_email,
      visitorName: conversation.visitor_name,
      agentName: last.sender_username,
      replyText: texts.join("\n\n"),
      chatUrl: resume.url,
      language: conversation.language,
    });
    const now = Date.now();
    const sent = await this.db.transaction().execute(async (trx) => {
      // The claim decides, so two instances never both send.
      const claimed = await claimMissedReplyMail(trx, conversationId, {
        messageId,
        now,
        quietMs: this.options.missedReplyQuietMs,
      });
      if (!claimed) return false;
      await resume.store(trx, now);
      await enqueueMail(trx, mail, now);
      return true;
    });
    if (sent) {
      this.kickMailer();
      this.log.info({ conversationId }, "missed-reply e-mail queued");
    }
    return sent;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
