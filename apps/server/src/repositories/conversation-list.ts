/**
 * The console's conversation lists: a view (open, ended, missed), optionally one agent's or the
 * unassigned ones, optionally searched, newest activity first, a page at a time from a cursor;
 * and the views' true counts. Search is one function over both databases: message text through
 * SQLite's FTS5 index or PostgreSQL's full-text search, visitor names and e-mail addresses as
 * fragments (people type part of an address).
 */
import type {
  AssigneeFilter,
  ConversationCounts,
  ConversationView,
} from "@hourline/contracts/console-team";
import {
  conversationsPerPage,
  searchTerms,
  type SearchTerm,
} from "@hourline/contracts/console-team";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { Database } from "../db/schema";
import {
  activityAt,
  isMissed,
  summaryRows,
  toSummaries,
  type ConversationRecord,
  type ConversationScope,
} from "./agent-inbox";
import { indexAllNewMessages } from "./message-search-index";

export interface ConversationListOptions {
  /** The page continues after this conversation (in the list's order). */
  before?: number | undefined;
  /** Words every listed conversation holds (name, e-mail or message text). */
  q?: string | undefined;
  assignee?: { filter: AssigneeFilter; agentId: number } | undefined;
  limit?: number | undefined;
}

function inView(eb: ConversationScope, view: ConversationView) {
  return view === "missed" ? isMissed(eb) : eb("c.state", "=", view);
}

function ofAssignee(eb: ConversationScope, assignee: ConversationListOptions["assignee"]) {
  if (!assignee || assignee.filter === "all") return eb.lit(true);
  return assignee.filter === "mine"
    ? eb("c.assigned_agent_id", "=", assignee.agentId)
    : eb("c.assigned_agent_id", "is", null);
}

/**
 * Conversations whose messages hold a word starting with `word`. The word is letters and digits
 * only (searchTerms), so it can be quoted into either query language as it is.
 */
function messagesMatching(db: Kysely<Database>, eb: ConversationScope, word: string) {
  if (isPostgres(db)) {
    // The same expression and condition as the GIN index chat_messages_text_search.
    return eb(
      "c.id",
      "in",
      eb
        .selectFrom("chat_messages as s")
        .select("s.conversation_id")
        .where("s.msg_type", "=", "text")
        .where(
          sql<boolean>`to_tsvector('simple', s.message) @@ to_tsquery('simple', ${`${word}:*`})`,
        ),
    );
  }
  return eb(
    "c.id",
    "in",
    eb
      .selectFrom("chat_messages as s")
      .select("s.conversation_id")
      .where(
        "s.id",
        "in",
        sql<number>`(select rowid from chat_messages_fts where chat_messages_fts match ${`"${word}"*`})`,
      ),
  );
}

/** `text` anywhere in a column, with LIKE's own wildcards in it taken literally. */
function holds(eb: ConversationScope, column: "visitor_name" | "visitor_email", text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return eb(sql`lower(c.${sql.ref(column)})`, "like", sql<string>`${pattern} escape '\\'`);
}

/**
 * Every part of the search matches. A single word is in the visitor's name or e-mail address, or
 * starts a word of one of the messages. A longer part ("ana.13@example") is in the name or the
 * address as typed, or its words are each in the name or the messages.
 */
function matchesSearch(db: Kysely<Database>, eb: ConversationScope, terms: SearchTerm[]) {
  return eb.and(
    terms.map(({ words, fragment }) => {
      if (fragment === undefined) {
        const word = words[0] ?? "";
        return eb.or([
          holds(eb, "visitor_name", word),
          holds(eb, "visitor_email", word),
          messagesMatching(db, eb, word),
        ]);
      }
      return eb.or([
        holds(eb, "visitor_name", fragment),
        holds(eb, "visitor_email", fragment),
        eb.and(
          words.map((word) =>
            eb.or([holds(eb, "visitor_name", word), messagesMatching(db, eb, word)]),
          ),
        ),
      ]);
    }),
  );
}

/** Newest activity first; `before` continues after that conversation. */
export async function listConversationSummaries(
  db: Kysely<Database>,
  view: ConversationView,
  { before, q, assignee, limit = conversationsPerPage }: ConversationListOptions = {},
): Promise<ConversationRecord[]> {
  const terms = q === undefined ? [] : searchTerms(q);
  if (q !== undefined && q.trim() !== "" && terms.length === 0) return [];
  let query = summaryRows(db)
    .where((eb) => inView(eb, view))
    .where((eb) => ofAssignee(eb, assignee));
  if (terms.length > 0) {
    // The index is kept up in batches: what was stored since the last one goes in first.
    await indexAllNewMessages(db);
    query = query.where((eb) => matchesSearch(db, eb, terms));
  }
  if (before !== undefined) {
    const cursor = await db
      .selectFrom("chat_conversations as c")
      .select((eb) => activityAt(eb).as("at"))
      .where("c.id", "=", before)
      .executeTakeFirst();
    if (!cursor) return [];
    const at = Number(cursor.at);
    query = query.where((eb) =>
      eb.or([
        eb(activityAt(eb), "<", at),
        eb.and([eb(activityAt(eb), "=", at), eb("c.id", "<", before)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("activity_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return toSummaries(db, rows);
}

/** How many conversations each view holds, and the open ones by assignee. */
export async function countConversations(
  db: Kysely<Database>,
  agentId: number,
): Promise<Omit<ConversationCounts, "status">> {
  const row = await db
    .selectFrom("chat_conversations as c")
    .select((eb) => [
      eb.fn.sum(eb.case().when("c.state", "=", "open").then(1).else(0).end()).as("open"),
      eb.fn.sum(eb.case().when("c.state", "=", "ended").then(1).else(0).end()).as("ended"),
      eb.fn.sum(eb.case().when(isMissed(eb)).then(1).else(0).end()).as("missed"),
      eb.fn
        .sum(
          eb
            .case()
            .when(eb.and([eb("c.state", "=", "open"), eb("c.assigned_agent_id", "=", agentId)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("mine"),
      eb.fn
        .sum(
          eb
            .case()
            .when(eb.and([eb("c.state", "=", "open"), eb("c.assigned_agent_id", "is", null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("unassigned"),
    ])
    .executeTakeFirst();
  return {
    open: Number(row?.open ?? 0),
    ended: Number(row?.ended ?? 0),
    missed: Number(row?.missed ?? 0),
    mine: Number(row?.mine ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
  };
}
