/**
 * What a team of agents needs beyond one agent's inbox: the conversation list's views (which
 * conversations, searched, a page at a time) and their true counts, missed chats answered by
 * e-mail or marked handled, assignment, internal notes and reopening.
 */
import { z } from "zod/mini";
import { agentRoles } from "./agent-sign-in";
import { chatLimits, clientIdSchema } from "./chat-message";
import { dropNul } from "./text";

/** A conversation list page holds at most this many; the console asks for the next from the last. */
export const conversationsPerPage = 50;
export const conversationSearchLimits = { query: 200, words: 8 } as const;

/**
 * open / ended: by state. missed: ended before any agent answered a visitor who wrote, and not
 * dealt with since (marked handled or answered by e-mail).
 */
export const conversationViews = ["open", "ended", "missed"] as const;
export type ConversationView = (typeof conversationViews)[number];

/**
 * The order of a list. activity: newest activity first (every view). waiting: the open queue as
 * the team works it, unanswered first and longest waiting first, then the answered ones that
 * have been quiet longest (open only).
 */
export const conversationOrders = ["activity", "waiting"] as const;
export type ConversationOrder = (typeof conversationOrders)[number];

/**
 * Where a page in waiting order continues: the last listed conversation's place in the queue
 * (`w` for waiting or `a` for answered, the time it is ordered by, its id). Built from the
 * summary by both ends, so a page never depends on where that conversation has moved since.
 */
export interface QueueCursor {
  waiting: boolean;
  at: number;
  id: number;
}

export function queueCursorOf(summary: {
  id: number;
  waiting_since: number | null;
  activity_at: number;
}): string {
  return summary.waiting_since !== null
    ? `w.${summary.waiting_since}.${summary.id}`
    : `a.${summary.activity_at}.${summary.id}`;
}

export function parseQueueCursor(text: string): QueueCursor | undefined {
  const match = /^([wa])\.(\d{1,15})\.(\d{1,15})$/.exec(text);
  if (!match) return undefined;
  return { waiting: match[1] === "w", at: Number(match[2]), id: Number(match[3]) };
}

/** Whose conversations: everyone's, the signed-in agent's, or nobody's yet. */
export const assigneeFilters = ["all", "mine", "unassigned"] as const;
export type AssigneeFilter = (typeof assigneeFilters)[number];

export const conversationSearchQuery = z.string().check(
  // No stored text holds a NUL (see dropNul), so none is searched for.
  z.overwrite(dropNul),
  z.maxLength(
    conversationSearchLimits.query,
    `Please search for ${conversationSearchLimits.query} characters or fewer.`,
  ),
);

/**
 * The words of a search, as both databases' full-text search take them: letters and digits only
 * (nothing reaches a query syntax), at most `conversationSearchLimits.words`, lower case.
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, conversationSearchLimits.words);
}

/**
 * One part of a search between spaces. A part that is a single word is just that word. A part
 * with more in it ("ana.lima@exa", "jean-luc") is also kept whole, lower case, as `fragment`: an
 * address is matched by the fragment as typed, so "ana.13@example" cannot match every address
 * that merely holds a "13" somewhere.
 */
export interface SearchTerm {
  words: string[];
  fragment?: string;
}

/** The parts of a search, holding at most `conversationSearchLimits.words` words in all. */
export function searchTerms(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  let budget: number = conversationSearchLimits.words;
  for (const part of query.toLowerCase().split(/\s+/u)) {
    if (budget === 0) break;
    const words = searchWords(part).slice(0, budget);
    if (words.length === 0 || seen.has(part)) continue;
    seen.add(part);
    budget -= words.length;
    terms.push(words.length === 1 && words[0] === part ? { words } : { words, fragment: part });
  }
  return terms;
}

export const assigneeSchema = z.object({ id: z.number(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

/**
 * online: takes new chats; away: a console is open but takes no new chats and no alerts for
 * others' chats; offline: no console open.
 */
export const agentAvailabilities = ["online", "away", "offline"] as const;
export type AgentAvailability = (typeof agentAvailabilities)[number];
/** What an agent can choose (PUT /api/agent/me/status); offline is closing every console. */
export const agentStatuses = ["online", "away"] as const;
export type AgentStatus = (typeof agentStatuses)[number];

export const agentStatusBodySchema = z.object({
  status: z.enum(agentStatuses, { error: "status must be online or away" }),
});
export type AgentStatusBody = z.infer<typeof agentStatusBodySchema>;

export const teamMemberSchema = z.extend(assigneeSchema, {
  availability: z.enum(agentAvailabilities),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
/** GET /api/agent/team: the enabled agents a conversation can be given to (display names only). */
export const teamListSchema = z.array(teamMemberSchema);

/** PUT /api/agent/me/status: the agent with the availability the others now see. */
export const agentStatusAnswerSchema = z.object({
  status: z.literal(200),
  agent: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.enum(agentRoles),
    availability: z.enum(agentAvailabilities),
  }),
});
export type AgentStatusAnswer = z.infer<typeof agentStatusAnswerSchema>;

/** A new chat is given to an online agent with fewer open chats than this (a team setting). */
export const defaultMaxOpenChats = 5;

export const conversationCountsSchema = z.object({
  status: z.literal(200),
  open: z.number(),
  ended: z.number(),
  missed: z.number(),
  /** Open conversations assigned to the signed-in agent. */
  mine: z.number(),
  /** Open conversations nobody has taken. */
  unassigned: z.number(),
  /** With `?q=`: how many conversations of each tab the search finds. */
  search: z.optional(z.object({ open: z.number(), ended: z.number(), missed: z.number() })),
});
export type ConversationCounts = z.infer<typeof conversationCountsSchema>;

/** Where a search found a conversation: a message, an internal note, or the visitor's name/address. */
export const searchMatchSchema = z.object({
  in: z.enum(["message", "note", "visitor"]),
  /** The words around the first match, as plain text (empty for a match in the visitor). */
  snippet: z.string(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

// ---------------------------------------------------------------------------------------------
// Agent entries: internal notes and e-mail answers, shown to agents in the thread only.

export const agentEntryLimits = { body: chatLimits.typedText } as const;

/**
 * note: an internal note; email: an e-mail answer to a missed chat; ended / reopened: a marker
 * the server writes when the chat ends or an agent reopens it (its body says by whom; agent_id 0
 * and agent_name "" when the visitor or the server ended it).
 */
export const agentEntryKinds = ["note", "email", "ended", "reopened"] as const;
export type AgentEntryKind = (typeof agentEntryKinds)[number];

export const agentEntrySchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  kind: z.enum(agentEntryKinds),
  agent_id: z.number(),
  agent_name: z.string(),
  /** Plain text: shown as text, never as HTML. */
  body: z.string(),
  /** An e-mail answer's recipient (the visitor's verified address). */
  sent_to: z.nullable(z.string()),
  created_at: z.number(),
});
export type AgentEntry = z.infer<typeof agentEntrySchema>;
export const agentEntryListSchema = z.array(agentEntrySchema);

export const agentEntryBodySchema = z.object({
  body: z.string({ error: "Please write something." }).check(
    z.overwrite((v) => dropNul(v).trim()),
    z.minLength(1, "Please write something."),
    z.maxLength(
      agentEntryLimits.body,
      `Please keep it to ${agentEntryLimits.body} characters or fewer.`,
    ),
  ),
  /**
   * On an e-mail answer: the id the console gave it, the same when it is sent again, so it is
   * recorded and mailed once.
   */
  client_id: z.optional(clientIdSchema),
});
export type AgentEntryBody = z.infer<typeof agentEntryBodySchema>;

export const agentEntryAnswerSchema = z.object({
  status: z.literal(200),
  entry: agentEntrySchema,
});
export type AgentEntryAnswer = z.infer<typeof agentEntryAnswerSchema>;

/** POST /api/agent/conversations/{id}/assign: to an agent, or null to nobody. */
export const assignBodySchema = z.object({
  agent_id: z.nullable(
    z
      .number({ error: "agent_id must be an agent's id or null." })
      .check(z.int(), z.minimum(1, "agent_id must be an agent's id or null.")),
  ),
});
export type AssignBody = z.infer<typeof assignBodySchema>;
