/**
 * The link in every mail to a visitor: `GET /chat/resume?token=...` proves the address the mail
 * went to (whoever can read the mail could ask for a code anyway) and opens that conversation,
 * once, within 7 days. The token is 256 random bits; only its SHA-256 is stored, so the table
 * opens nothing.
 */
import type { Kysely, Transaction } from "kysely";
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from "../auth/session-tokens";
import type { Database } from "../db/schema";
import { insertResumeToken } from "../repositories/chat-resume-tokens";

export const RESUME_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

/** A new link for the mail (its token is stored by `store`, in the mail's own transaction). */
export function newResumeLink(
  publicUrl: string,
  email: string,
  conversationId: number,
): {
  url: string;
  store(db: Kysely<Database> | Transaction<Database>, now: number): Promise<void>;
} {
  const token = newSessionToken();
  return {
    url: `${publicUrl}/chat/resume?token=${token}`,
    store: (db, now) =>
      insertResumeToken(db, {
        tokenHash: hashSessionToken(token),
        email,
        conversationId,
        now,
        ttlMs: RESUME_TOKEN_TTL_MS,
      }),
  };
}

/** The stored hash of a token from a link, or undefined when it cannot be one. */
export function resumeTokenHash(token: unknown): string | undefined {
  return looksLikeSessionToken(token) ? hashSessionToken(token) : undefined;
}
