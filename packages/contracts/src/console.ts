/**
 * The support console's own calls under /api/agent (beyond sign-in, in agent-sign-in.ts, and the
 * lists, in console-inbox.ts): a conversation's details, marking messages read, agent images, contact-message
 * state and search, canned replies, the agent's own profile and password, and the admin's agent
 * management. The console's forms and the server parse with these same schemas.
 */
import { chatLanguages } from "./chat-languages";
import { z } from "zod/mini";
import { agentPasswordRules, agentProfileSchema, agentRoles } from "./agent-sign-in";
import { chatLimits } from "./chat-message";
import { contactMessageSummarySchema, conversationSummarySchema } from "./console-inbox";
import { agentAvailabilities, agentStatuses } from "./console-team";
import { emailField } from "./email-address";
import { nameField } from "./person-name";
import { dropNul, hasControlCharacter } from "./text";
import { conversationRatingSchema } from "./support-rating";
import { visitorContextSchema } from "./visitor-context";

export { agentPasswordRules };

export const cannedReplyLimits = { title: 80, body: chatLimits.typedText, count: 500 } as const;

export const contactSearchLimits = { query: 200 } as const;

/**
 * Why a new password is refused, in words for the person choosing it; undefined when it is fine.
 * The minimum counts characters as a person sees them (code points); the maximum counts UTF-16
 * units, the measure the sign-in schema uses, so every password that can be set can be typed in.
 */
export function agentPasswordProblem(password: string): string | undefined {
  if ([...password].length < agentPasswordRules.minLength) {
    return `The password must have at least ${agentPasswordRules.minLength} characters.`;
  }
  if (password.length > agentPasswordRules.maxLength) {
    return `The password must have at most ${agentPasswordRules.maxLength} characters.`;
  }
  return undefined;
}

const newPassword = z
  .string({ error: "Please choose a password." })
  .check(z.refine((v) => agentPasswordProblem(v) === undefined, { error: passwordMessage }));

function passwordMessage(issue: { input: unknown }): string {
  return (
    (typeof issue.input === "string" ? agentPasswordProblem(issue.input) : undefined) ??
    "Please choose a password."
  );
}

const agentName = nameField(
  {
    required: "Please enter a name.",
    tooLong: `Please keep the name to ${chatLimits.name} characters or fewer.`,
    invalid: "Please use only letters, spaces and punctuation.",
  },
  chatLimits.name,
);

const agentEmail = emailField(
  {
    required: "Please enter an e-mail address.",
    invalid: "Please enter a valid e-mail address, like name@company.com.",
    notAscii: "Please use an address with letters a-z, digits and . _ + - only.",
  },
  { normalize: true },
);

const agentRole = z.enum(agentRoles, { error: "The role is admin or agent." });

const messageId = z
  .number({ error: "last_id must be a message id." })
  .check(z.int(), z.minimum(0, "last_id must be a message id."));

// ---------------------------------------------------------------------------------------------
// A conversation: GET /api/agent/conversations/{id}, POST /api/agent/conversations/{id}/read

export const visitorDetailsSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** When the visitor first registered for the chat (any conversation). */
  first_seen_at: z.number(),
  /** At least one of the visitor's tabs has the chat socket open right now. */
  online: z.boolean(),
  /** The visitor ticked "E-mail me a transcript" for this conversation. */
  transcript_requested: z.boolean(),
  /** The widget's language (0028): the visitor's mails are written in it; agents write as they like. */
  language: z.enum(chatLanguages),
  /** What the widget told of this visit when the chat opened; empty when it told nothing. */
  context: visitorContextSchema,
});
export type VisitorDetails = z.infer<typeof visitorDetailsSchema>;

export const earlierConversationsLimit = 50;

/**
 * The most messages GET /api/agent/conversations/{id}/messages answers at once; a page this long
 * means there may be more after its last id.
 */
export const conversationMessagesPerPage = 1000;

export const conversationDetailAnswerSchema = z.object({
  status: z.literal(200),
  conversation: conversationSummarySchema,
  visitor: visitorDetailsSchema,
  /** The visitor's other conversations, newest first (at most earlierConversationsLimit). */
  earlier: z.array(conversationSummarySchema),
  /** The visitor's rating of this chat (CSAT): present once they gave one. */
  rating: z.optional(conversationRatingSchema),
});
export type ConversationDetailAnswer = z.infer<typeof conversationDetailAnswerSchema>;

/** Everything up to and including `last_id` counts as read by the agents. */
export const markReadBodySchema = z.object({ last_id: messageId });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

// ---------------------------------------------------------------------------------------------
// Contact messages: GET /api/agent/contact-messages?q=&filter=, PATCH .../contact-messages/{id}

export const contactFilters = ["all", "unread", "unhandled"] as const;
export type ContactFilter = (typeof contactFilters)[number];

export const contactMessagesQuerySchema = z.object({
  q: z.optional(
    z.string().check(
      // No stored message holds a NUL (see dropNul), so none is searched for.
      z.overwrite(dropNul),
      z.maxLength(
        contactSearchLimits.query,
        `Please search for ${contactSearchLimits.query} characters or fewer.`,
      ),
    ),
  ),
  filter: z.optional(z.enum(contactFilters, { error: "filter must be all, unread or unhandled" })),
});
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuerySchema>;

export const updateContactMessageBodySchema = z
  .object({
    read: z.optional(z.boolean({ error: "read must be true or false." })),
    handled: z.optional(z.boolean({ error: "handled must be true or false." })),
  })
  .check(
    z.refine((v) => v.read !== undefined || v.handled !== undefined, {
      error: "Say what changes: read, handled or both.",
    }),
  );
export type UpdateContactMessageBody = z.infer<typeof updateContactMessageBodySchema>;

export const contactMessageAnswerSchema = z.object({
  status: z.literal(200),
  message: contactMessageSummarySchema,
});
export type ContactMessageAnswer = z.infer<typeof contactMessageAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Canned replies: GET/POST /api/agent/canned-replies, PATCH/DELETE /api/agent/canned-replies/{id}

export const cannedReplySchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Plain text, as an agent would type it; it becomes message HTML when sent. */
  body: z.string(),
  updated_at: z.number(),
  /** The display name of the agent who last saved it. */
  updated_by: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
/** Sorted by title. */
export const cannedReplyListSchema = z.array(cannedReplySchema);

export const cannedReplyBodySchema = z.object({
  title: z.string({ error: "Please give the reply a title." }).check(
    z.trim(),
    z.minLength(1, "Please give the reply a title."),
    z.maxLength(
      cannedReplyLimits.title,
      `Please keep the title to ${cannedReplyLimits.title} characters or fewer.`,
    ),
    z.refine((v) => !hasControlCharacter(v), "Please use only letters, spaces and punctuation."),
  ),
  body: z.string({ error: "Please write the reply." }).check(
    z.overwrite(dropNul),
    z.refine((v) => v.trim().length > 0, "Please write the reply."),
    z.maxLength(
      cannedReplyLimits.body,
      `Please keep the reply to ${cannedReplyLimits.body} characters or fewer.`,
    ),
  ),
});
export type CannedReplyBody = z.infer<typeof cannedReplyBodySchema>;

export const cannedReplyAnswerSchema = z.object({
  status: z.literal([200, 201]),
  reply: cannedReplySchema,
});
export type CannedReplyAnswer = z.infer<typeof cannedReplyAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The signed-in agent: PATCH /api/agent/me, POST /api/agent/me/password

export const updateProfileBodySchema = z.object({ name: agentName });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  current_password: z
    .string({ error: "Please enter your current password." })
    .check(
      z.minLength(1, "Please enter your current password."),
      z.maxLength(agentPasswordRules.maxLength, "That password is too long."),
    ),
  new_password: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/agent/login, GET and PATCH /api/agent/me. */
export const agentAnswerSchema = z.object({ status: z.literal(200), agent: agentProfileSchema });
export type AgentAnswer = z.infer<typeof agentAnswerSchema>;

/**
 * GET /api/agent/me: who is signed in, and their own status as they chose it (online or away), so
 * the console's status toggle has it without loading the team.
 */
export const meAnswerSchema = z.extend(agentAnswerSchema, { agent_status: z.enum(agentStatuses) });
export type MeAnswer = z.infer<typeof meAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Agents, for admins: GET/POST /api/agent/agents, PATCH /api/agent/agents/{id},
// POST /api/agent/agents/{id}/password

export const agentAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(agentRoles),
  disabled: z.boolean(),
  created_at: z.number(),
  /** At least one agent socket of this agent is open right now. */
  online: z.boolean(),
  /** online or away as the agent chose while a console is open; offline when none is. */
  availability: z.enum(agentAvailabilities),
});
export type AgentAccount = z.infer<typeof agentAccountSchema>;
/** Oldest first. */
export const agentAccountListSchema = z.array(agentAccountSchema);

export const createAgentBodySchema = z.object({
  email: agentEmail,
  name: agentName,
  role: agentRole,
  password: newPassword,
});
export type CreateAgentBody = z.infer<typeof createAgentBodySchema>;

export const updateAgentBodySchema = z
  .object({
    name: z.optional(agentName),
    role: z.optional(agentRole),
    disabled: z.optional(z.boolean({ error: "disabled must be true or false." })),
  })
  .check(
    z.refine((v) => v.name !== undefined || v.role !== undefined || v.disabled !== undefined, {
      error: "Say what changes: name, role or disabled.",
    }),
  );
export type UpdateAgentBody = z.infer<typeof updateAgentBodySchema>;

export const resetPasswordBodySchema = z.object({ password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const agentAccountAnswerSchema = z.object({
  status: z.literal([200, 201]),
  agent: agentAccountSchema,
});
export type AgentAccountAnswer = z.infer<typeof agentAccountAnswerSchema>;
