/**
 * The mail outbox (table mail_outbox). Mail is enqueued inside the caller's transaction, so it exists
 * exactly when what caused it was committed; workers claim due rows with a lease that one atomic
 * conditional UPDATE grants to a single worker, so two instances never send the same row at once.
 */
import { sql, type Kysely, type Selectable, type Updateable } from "kysely";
import type { Database, MailOutboxStatus, MailOutboxTable } from "../db/schema";
import type { SendableMail } from "../mail/mail-transport";
import { outgoingMailSchema, type MailAddress, type OutgoingMail } from "../mail/outgoing-mail";

export interface OutboxMail extends SendableMail {
  status: MailOutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  lastError: string | null;
  messageId: string | null;
  createdAt: number;
  finishedAt: number | null;
}

function toOutboxMail(row: Selectable<MailOutboxTable>): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    replyTo: row.reply_to ? (JSON.parse(row.reply_to) as MailAddress) : null,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
    messageId: row.message_id,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Puts a mail in the outbox. Pass the transaction that writes what the mail is about: the mail is
 * committed with it or not at all. Throws on a malformed mail (a programming error, never input).
 */
export async function enqueueMail(
  db: Kysely<Database>,
  mail: OutgoingMail,
  now = Date.now(),
): Promise<number> {
  const clean = outgoingMailSchema.parse(mail);
  const row = await db
    .insertInto("mail_outbox")
    .values({
      kind: clean.kind,
      to_address: clean.to,
      reply_to: clean.replyTo ? JSON.stringify(clean.replyTo) : null,
      subject: clean.subject,
      text_body: clean.text,
      html_body: clean.html ?? null,
      erase_after_send: clean.eraseAfterSend ? 1 : 0,
      next_attempt_at: now,
      locked_until: null,
      lease_token: null,
      last_error: null,
      message_id: null,
      created_at: now,
      finished_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims the next due mail for `leaseMs`: it is pending, due, and nobody holds a live lease on it.
 * The UPDATE repeats those conditions, so when two workers pick the same row only one gets it back;
 * the other tries the next candidate. Each claim counts as an attempt.
 */
export async function claimNextMail(
  db: Kysely<Database>,
  { now, leaseMs, token }: { now: number; leaseMs: number; token: string },
): Promise<OutboxMail | undefined> {
  const candidates = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(5)
    .execute();
  for (const { id } of candidates) {
    const row = await db
      .updateTable("mail_outbox")
      .set((eb) => ({
        locked_until: now + leaseMs,
        lease_token: token,
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
      .returningAll()
      .executeTakeFirst();
    if (row) return toOutboxMail(row);
  }
  return undefined;
}

/**
 * Writes `changes` and gives up the lease, only while `token` still holds it. False when the
 * lease was lost to another worker, which then owns the row.
 */
async function releaseLease(
  db: Kysely<Database>,
  id: number,
  token: string,
  changes: Updateable<MailOutboxTable>,
  { final = false }: { final?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ ...changes, locked_until: null, lease_token: null })
    // A mail that held a code or chat text keeps only its envelope once it is done with.
    .$if(final, (qb) =>
      qb.set((eb) => ({
        text_body: eb
          .case()
          .when("erase_after_send", "=", 1)
          .then("")
          .else(eb.ref("text_body"))
          .end(),
        html_body: eb
          .case()
          .when("erase_after_send", "=", 1)
          .then(sql<string | null>`null`)
          .else(eb.ref("html_body"))
          .end(),
      })),
    )
    .where("id", "=", id)
    .where("lease_token", "=", token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a delivery (or its printing). False when the lease was lost to another worker. */
export function markMailDone(
  db: Kysely<Database>,
  id: number,
  token: string,
  done: { status: "sent" | "logged"; messageId: string | null; now: number },
): Promise<boolean> {
  return releaseLease(
    db,
    id,
    token,
    { status: done.status, message_id: done.messageId, finished_at: done.now },
    { final: true },
  );
}

/** Schedules another attempt after a failed one and gives up the lease. */
export function scheduleMailRetry(
  db: Kysely<Database>,
  id: number,
  token: string,
  retry: { nextAttemptAt: number; error: string },
): Promise<boolean> {
  return releaseLease(db, id, token, {
    next_attempt_at: retry.nextAttemptAt,
    last_error: retry.error,
  });
}

/** Gives up on a mail after its last attempt; the row stays, with the last error, for a person. */
export function markMailFailed(
  db: Kysely<Database>,
  id: number,
  token: string,
  failure: { error: string; now: number },
): Promise<boolean> {
  return releaseLease(
    db,
    id,
    token,
    { status: "failed", last_error: failure.error, finished_at: failure.now },
    { final: true },
  );
}

export async function findMail(db: Kysely<Database>, id: number): Promise<OutboxMail | undefined> {
  const row = await db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toOutboxMail(row) : undefined;
}

/** Oldest first, optionally of one status. */
export async function listMail(
  db: Kysely<Database>,
  { status, limit = 100 }: { status?: MailOutboxStatus; limit?: number } = {},
): Promise<OutboxMail[]> {
  let query = db.selectFrom("mail_outbox").selectAll().orderBy("id").limit(limit);
  if (status) query = query.where("status", "=", status);
  return (await query.execute()).map(toOutboxMail);
}

/** Removes mail that went out (sent, or printed) before `before`; answers how many. */
export async function deleteDeliveredMail(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db
    .deleteFrom("mail_outbox")
    .where("status", "in", ["sent", "logged"])
    .where("finished_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
