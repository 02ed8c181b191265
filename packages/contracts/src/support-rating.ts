/**
 * A visitor's rating of a chat (CSAT): POST /api/support/rating with the `rating_token` the
 * `chat_ended` frame and the transcript mail carry, a score of 1 to 5 and an optional comment.
 */
import { z } from "zod/mini";
import { dropNul } from "./text";

export const ratingLimits = { comment: 1000, tokenLength: 43 } as const;

/** What the five choices say, worst to best. */
export const ratingLabels = ["Very poor", "Poor", "Okay", "Good", "Excellent"] as const;

/** A form posts the score as text: "4" is read as 4. */
const score = z.pipe(
  z.transform((v: unknown) => (typeof v === "string" && /^[1-5]$/.test(v) ? Number(v) : v)),
  z
    .number({ error: "Choose a score from 1 to 5." })
    .check(
      z.int("Choose a score from 1 to 5."),
      z.minimum(1, "Choose a score from 1 to 5."),
      z.maximum(5, "Choose a score from 1 to 5."),
    ),
);

export const ratingBodySchema = z.object({
  rating_token: z
    .string({ error: "This rating link is not valid." })
    .check(z.regex(/^[\w-]{43}$/, "This rating link is not valid.")),
  score,
  comment: z.optional(
    z
      .string({ error: "The comment is text." })
      .check(
        z.overwrite(dropNul),
        z.trim(),
        z.maxLength(
          ratingLimits.comment,
          `Please keep the comment to ${ratingLimits.comment} characters or fewer.`,
        ),
      ),
  ),
});
export type RatingBody = z.infer<typeof ratingBodySchema>;

/** A conversation's rating as agents see it. */
export const conversationRatingSchema = z.object({
  conversation_id: z.number(),
  score: z.number(),
  comment: z.nullable(z.string()),
  rated_at: z.number(),
});
export type ConversationRating = z.infer<typeof conversationRatingSchema>;
