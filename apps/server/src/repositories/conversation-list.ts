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
  ConversationOrder,
  ConversationView,
  QueueCursor,
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
  /** activity (default) or waiting (the open queue, paged with `cursor`). */
  order?: ConversationOrder | undefined;
  /** In waiting order: the page continues after this place in the queue. */
  cursor?: QueueCursor | undefined;
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

/** `text` anywhere, with LIKE's own wildcards in it taken literally. */
export function likePattern(text: string) {
  return sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}

/** `text` anywhere in a column, with LIKE's own wildcards in it taken literally. */
function holds(eb: ConversationScope, column: "visitor_name" | "visitor_email", text: string) {
  return eb(sql`lower(c.${sql.ref(column)})`, "like", likePattern(text));
}

/**
 * Conversations with an internal note holding the word. Notes are few next to messages and
 * plain text, so a fragment match serves (no full-text index).
 */
function notesMatching(eb: ConversationScope, word: string) {
  return eb(
    "c.id",
    "in",
    eb
      .selectFrom("chat_agent_entries as n")
      .select("n.conversation_id")
      .where("n.kind", "=", "note")
      .where(sql<string>`lower(n.body)`, "like", likePattern(word)),
  );
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
          notesMatching(eb, word),
        ]);
      }
      return eb.or([
        holds(eb, "visitor_name", fragment),
        holds(eb, "visitor_email", fragment),
        eb.and(
          words.map((word) =>
            eb.or([
              holds(eb, "visitor_name", word),
              messagesMatching(db, eb, word),
              notesMatching(eb, word),
            ]),
          ),
        ),
      ]);
    }),
  );
}

/**
 * The conversations of a view, searched: the query every list and search count starts from.
 * Undefined when the search holds no word (it can match nothing).
 */
async function filteredRows(
  db: Kysely<Database>,
  view: ConversationView,
  { q, assignee }: Pick<ConversationListOptions, "q" | "assignee">,
) {
  const terms = q === undefined ? [] : searchTerms(q);
  if (q !== undefined && q.trim() !== "" && terms.length === 0) return undefined;
  let query = summaryRows(db)
    .where((eb) => inView(eb, view))
    .where((eb) => ofAssignee(eb, assignee));
  if (terms.length > 0) {
    // The index is kept up in batches: what was stored since the last one goes in first.
    await indexAllNewMessages(db);
    query = query.where((eb) => matchesSearch(db, eb, terms));
  }
  return { query, terms };
}

/**
 * A page of a view. Newest activity first, `before` continuing after that conversation; or, for
 * the open view in waiting order, the queue: unanswered first by how long they have waited
 * (from the reopening for a reopened chat), then the answered ones quiet longest first, then id,
 * `cursor` continuing after a place in it. Both orders are computed by the database over every
 * conversation of the view, so a page is the same slice whichever page a console holds.
 */
export async function listConversationSummaries(
  db: Kysely<Database>,
  view: ConversationView,
  options: ConversationListOptions = {},
): Promise<ConversationRecord[]> {
  const { before, limit = conversationsPerPage, order = "activity", cursor } = options;
  const filtered = await filteredRows(db, view, options);
  if (!filtered) return [];
  let records: ConversationRecord[];
  if (order === "waiting") {
    records = await toSummaries(db, await queuePage(db, filtered.query, { cursor, limit }));
  } else {
    let query = filtered.query;
    if (before !== undefined) {
      const row = await db
        .selectFrom("chat_conversations as c")
        .select((eb) => activityAt(eb).as("at"))
        .where("c.id", "=", before)
        .executeTakeFirst();
      if (!row) return [];
      const at = Number(row.at);
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
    records = await toSummaries(db, rows);
  }
  if (filtered.terms.length === 0) return records;
  const matches = await searchMatches(db, records, filtered.terms);
  return records.map((r) => ({ ...r, match: matches.get(r.id) ?? { in: "visitor", snippet: "" } }));
}

type SummaryQuery = ReturnType<typeof summaryRows>;

/**
 * The queue's order as SQL over the summaries as a derived table: a waiting group (0 waiting,
 * 1 answered), the time it is ordered by (the wait's start, never before a reopening; or the
 * last activity), then id.
 */
async function queuePage(
  db: Kysely<Database>,
  query: SummaryQuery,
  { cursor, limit }: { cursor: QueueCursor | undefined; limit: number },
) {
  const group = sql<number>`case when s.waiting_since is null then 1 else 0 end`;
  const at = sql<number>`case when s.waiting_since is null then s.activity_at when s.reopened_at > s.waiting_since then s.reopened_at else s.waiting_since end`;
  let page = db.selectFrom(query.as("s")).selectAll();
  if (cursor) {
    const g = cursor.waiting ? 0 : 1;
    page = page.where((eb) =>
      eb.or([
        eb(group, ">", g),
        eb.and([eb(group, "=", g), eb(at, ">", cursor.at)]),
        eb.and([eb(group, "=", g), eb(at, "=", cursor.at), eb("s.id", ">", cursor.id)]),
      ]),
    );
  }
  return page.orderBy(group).orderBy(at).orderBy("s.id").limit(limit).execute();
}

const snippetRadius = 60;

/** The plain text of stored message HTML, for a snippet. */
function messageText(html: string): string {
  return html
    .replace(/<[^<>]*>/g, " ")
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) =>
      e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : e === "#39" ? "'" : "&",
    )
    .replace(/\s+/g, " ")
    .trim();
}

/** Words around the first of `words` in `text` (case and accents aside), cut at word bounds. */
export function snippetAround(text: string, words: string[]): string | undefined {
  // Folded one character at a time (NFD, marks removed, lower case), so each position of the
  // folded text maps back to the original.
  const map: number[] = [];
  let plain = "";
  for (let i = 0; i < text.length; i++) {
    const f = text.charAt(i).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (let k = 0; k < f.length; k++) map.push(i);
    plain += f;
  }
  let best = -1;
  for (const word of words) {
    const at = plain.indexOf(word);
    if (at >= 0 && (best < 0 || at < best)) best = at;
  }
  if (best < 0) return undefined;
  const origin = map[best] ?? 0;
  let from = Math.max(0, origin - snippetRadius);
  let to = Math.min(text.length, origin + snippetRadius * 2);
  if (from > 0) from = text.indexOf(" ", from) + 1 || from;
  if (to < text.length) to = text.lastIndexOf(" ", to) > origin ? text.lastIndexOf(" ", to) : to;
  return `${from > 0 ? "… " : ""}${text.slice(from, to).trim()}${to < text.length ? " …" : ""}`;
}

/**
 * Where the search found each listed conversation: the newest message holding one of its words,
 * else the newest note, else the visitor's name or address. Read for the page only.
 */
async function searchMatches(
  db: Kysely<Database>,
  records: ConversationRecord[],
  terms: SearchTerm[],
) {
  const found = new Map<number, { in: "message" | "note" | "visitor"; snippet: string }>();
  if (records.length === 0) return found;
  const ids = records.map((r) => r.id);
  const words = [...new Set(terms.flatMap((t) => t.words))];
  const messages = await db
    .selectFrom("chat_messages as c")
    .select(["c.conversation_id", "c.message"])
    .where("c.conversation_id", "in", ids)
    .where("c.msg_type", "=", "text")
    .where((eb) =>
      eb.or(words.map((w) => eb(sql<string>`lower(c.message)`, "like", likePattern(w)))),
    )
    .orderBy("c.id", "desc")
    .limit(ids.length * 20)
    .execute();
  for (const m of messages) {
    if (found.has(m.conversation_id)) continue;
    const snippet = snippetAround(messageText(m.message), words);
    if (snippet !== undefined) found.set(m.conversation_id, { in: "message", snippet });
  }
  const rest = ids.filter((id) => !found.has(id));
  if (rest.length === 0) return found;
  const notes = await db
    .selectFrom("chat_agent_entries as n")
    .select(["n.conversation_id", "n.body"])
    .where("n.conversation_id", "in", rest)
    .where("n.kind", "=", "note")
    .where((eb) => eb.or(words.map((w) => eb(sql<string>`lower(n.body)`, "like", likePattern(w)))))
    .orderBy("n.id", "desc")
    .execute();
  for (const n of notes) {
    if (found.has(n.conversation_id)) continue;
    const snippet = snippetAround(n.body, words);
    if (snippet !== undefined) found.set(n.conversation_id, { in: "note", snippet });
  }
  return found;
}

/** How many conversations of each view a search finds (the tabs' counts while searching). */
export async function countSearch(
  db: Kysely<Database>,
  q: string,
): Promise<{ open: number; ended: number; missed: number }> {
  const counts = { open: 0, ended: 0, missed: 0 };
  for (const view of ["open", "ended", "missed"] as const) {
    const filtered = await filteredRows(db, view, { q });
    if (!filtered) continue;
    const row = await db
      .selectFrom(filtered.query.as("s"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    counts[view] = Number(row?.n ?? 0);
  }
  return counts;
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
