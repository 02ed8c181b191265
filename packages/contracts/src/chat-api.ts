/**
 * The visitor's chat endpoints under /api/support and /api/client: request bodies, answers, and the
 * one-time code's timing that both the widget and the server go by. The widget's forms validate
 * with these schemas and the server parses with them, so a rule and its message are written once.
 */
import { z } from "zod/mini";
import { chatLimits, chatParties } from "./chat-message";
import { chatLanguageField } from "./chat-languages";
import { emailField } from "./email-address";
import { nameField } from "./person-name";
import { visitorContextInputSchema } from "./visitor-context";

/** The messages of the chat's registration form, exactly as the visitor sees them. */
export const chatFormMessages = {
  nameRequired: "Name is required.",
  emailRequired: "This field is required",
  emailInvalid: "Invalid email format",
} as const;

/**
 * The one-time code: valid this long after it is sent, and the next one may be asked for this long
 * after the last. The server enforces both; the widget tells the visitor and counts the cooldown
 * down without asking.
 */
export const oneTimeCodeTiming = { lifetimeMs: 10 * 60_000, resendCooldownMs: 60_000 } as const;

const email = emailField(
  { required: chatFormMessages.emailRequired, invalid: chatFormMessages.emailInvalid },
  { normalize: true },
);

const username = nameField(
  {
    required: chatFormMessages.nameRequired,
    tooLong: `Please keep your name to ${chatLimits.name} characters or fewer.`,
    invalid: "Please use only letters, spaces and punctuation.",
  },
  chatLimits.name,
);

// ---------------------------------------------------------------------------------------------
// POST /api/support/check_chat_email, POST /api/support/otp_generate_chat

export const chatEmailBodySchema = z.object({ email });
/** otp_generate_chat also takes the widget's language, so the code mail is written in it. */
export const chatCodeRequestBodySchema = z.object({ email, language: chatLanguageField });
export type ChatCodeRequestBody = z.infer<typeof chatCodeRequestBodySchema>;
export type ChatEmailBody = z.infer<typeof chatEmailBodySchema>;

export const checkChatEmailAnswerSchema = z.object({
  status: z.literal(200),
  is_verify: z.boolean(),
});
export type CheckChatEmailAnswer = z.infer<typeof checkChatEmailAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/client/verify_otp

export const verifyOtpBodySchema = z.object({
  email,
  otp: z
    .string({ error: "Please enter the code from the e-mail." })
    .check(z.trim(), z.regex(/^\d{6}$/, "The code is the 6 digits from the e-mail.")),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/support/register

export const registerBodySchema = z.object({
  username,
  email,
  /** "E-mail me a transcript" when the chat ends. */
  transcript: z.optional(z.boolean()),
  /**
   * The pages of this visit and the visitor's time zone (see visitor-context). Cleaned, never
   * refused: a bad value is dropped so the chat still opens.
   */
  context: z.optional(visitorContextInputSchema),
  /** The widget's language (contracts chat-languages): kept with the conversation for its mails. */
  language: chatLanguageField,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The answer of register: the visitor and their open conversation (no `status` field). */
export const chatUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  conversation_id: z.number(),
  /** Whether at least one agent is signed in and connected right now. */
  agents_online: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/support/upload (and the agents' POST /api/agent/conversations/{id}/upload)

export const uploadAnswerSchema = z.object({ status: z.literal(200), url: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/support/conversations/{id}

/** What the widget reads of a conversation's state after a reconnect: is it still open? */
export const conversationStateSchema = z.object({
  id: z.number(),
  state: z.enum(["open", "ended"]),
  ended_at: z.nullable(z.number()),
  ended_by: z.nullable(z.enum(chatParties)),
  agents_online: z.optional(z.boolean()),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

/** The whole answer, as the server sends it. */
export const conversationStateAnswerSchema = z.extend(conversationStateSchema, {
  status: z.literal(200),
  started_at: z.number(),
  agents_online: z.boolean(),
});
export type ConversationStateAnswer = z.infer<typeof conversationStateAnswerSchema>;

/**
 * GET /api/support/session: who this browser's chat session proves, and the name they chat
 * under, so a widget opened from a mail's link (GET /chat/resume) can pick the chat up without
 * the form.
 */
export const chatSessionAnswerSchema = z.object({
  status: z.literal(200),
  email: z.string(),
  username: z.string(),
});
export type ChatSessionAnswer = z.infer<typeof chatSessionAnswerSchema>;
