/**
 * The support team's report figures, computed in SQL from the stored conversations, messages and
 * ratings (no counters kept on the side that could drift), the same statements on SQLite and on
 * PostgreSQL. In one transaction:
 *
 * 1. report_facts, a TEMP table with one row per conversation started in the range: when the
 *    visitor first wrote, when and by whom the first agent answer after that came, how long it took
 *    (on the clock, or only the business hours in between when hours are set), how long until the
 *    end, the rating, and the local time it started.
 * 2. Counts and CSAT by plain aggregates; medians and 90th percentiles by a window query that
 *    ranks the values and keeps the two around each percentile's position.
 *
 * Local time across daylight-saving changes: the zone's offset is constant between two changes,
 * so the range is cut into those periods (report_periods, found by the caller's zone rules) and
 * each start gets the offset of its period; hour and day are then integer arithmetic in SQL.
 * Business hours: the opening periods of the range as instants (report_openings), and first
 * response is the overlap of [first visitor message, first answer) with them.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { isPostgres } from "../../migrations/portable-columns";

export interface ReportSpan {
  /** Conversations that started in [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  /** Where the zone's offset is constant: [start, end) with offset ms; covers [fromMs, toMs). */
  periods: { start: number; end: number; offsetMs: number }[];
  /**
   * When set, first response counts business time only; given the latest first answer of the
   * range, returns the opening periods from fromMs up to it.
   */
  openings: ((untilMs: number) => { start: number; end: number }[]) | null;
}

export interface Durations {
  median: number | null;
  p90: number | null;
}

export interface Csat {
  responses: number;
  average: number | null;
  distribution: number[];
}

export interface ReportFigures {
  conversations: number;
  missed: number;
  firstResponse: Durations;
  resolution: Durations;
  csat: Csat;
  byHour: number[];
  /** Conversations per local day, keyed by days since 1970-01-01 in the zone. */
  byDay: Map<number, number>;
  byAgent: {
    agentId: number;
    name: string;
    conversations: number;
    firstResponse: Durations;
    resolution: Durations;
    csat: Csat;
  }[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type Db = Kysely<Database> | Transaction<Database>;

async function run(db: Db, query: RawBuilder<unknown>): Promise<void> {
  await query.execute(db);
}

async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** A row's number as a number: PostgreSQL gives numeric and some aggregates as text. */
function num(value: unknown): number {
  return typeof value === "number" ? value : Number(value ?? 0);
}

async function insertSpans(
  db: Db,
  table: "report_periods" | "report_openings",
  spans: { start: number; end: number; offsetMs?: number }[],
): Promise<void> {
  // A few hundred rows at most (a year of opening periods); in chunks well under both databases'
  // limits on bound values.
  for (let i = 0; i < spans.length; i += 500) {
    const chunk = spans.slice(i, i + 500);
    const values = chunk.map((s) =>
      table === "report_periods"
        ? sql`(${s.start}, ${s.end}, ${s.offsetMs ?? 0})`
        : sql`(${s.start}, ${s.end})`,
    );
    const columns =
      table === "report_periods" ? sql`(start_ms, end_ms, offset_ms)` : sql`(start_ms, end_ms)`;
    await run(db, sql`insert into ${sql.table(table)} ${columns} values ${sql.join(values)}`);
  }
}

/** The temp tables, made afresh for each report and dropped with it. */
async function createTempTables(db: Db): Promise<void> {
  for (const table of ["report_facts", "report_periods", "report_openings"]) {
    await run(db, sql`drop table if exists ${sql.table(table)}`);
  }
  await run(
    db,
    sql`create temp table report_facts (
      conversation_id bigint primary key,
      started_at bigint not null,
      ended_at bigint,
      ended integer not null,
      assigned_agent_id bigint,
      first_visitor_at bigint,
      has_agent integer not null,
      first_reply_id bigint,
      first_reply_at bigint,
      responder_id bigint,
      agent_key bigint,
      first_response_ms bigint,
      resolution_ms bigint,
      score integer,
      local_ms bigint
    )`,
  );
  await run(
    db,
    sql`create temp table report_periods (start_ms bigint not null, end_ms bigint not null, offset_ms bigint not null)`,
  );
  await run(
    db,
    sql`create temp table report_openings (start_ms bigint not null, end_ms bigint not null)`,
  );
  await run(db, sql`create index report_openings_start on report_openings (start_ms)`);
}

async function dropTempTables(db: Db): Promise<void> {
  for (const table of ["report_facts", "report_periods", "report_openings"]) {
    await run(db, sql`drop table if exists ${sql.table(table)}`);
  }
}

async function buildFacts(db: Db, span: ReportSpan): Promise<void> {
  // One pass over the range's conversations, then one over the facts for each fact that depends on
  // another. Each fact is a correlated subquery answered from an index without reading a message
  // row: on PostgreSQL by a seek in chat_messages_report (conversation_id, sender_type,
  // created_at, agent_id); on SQLite from the conversation's entries in chat_messages_conversation
  // (conversation_id, id, sender_type, created_at, agent_id), its only index by conversation
  // (migration 0033). A fact that depends on another reads it from its column: nested in the
  // subquery instead, it would be computed again for every entry read (on SQLite, a year of
  // 20-message chats took 12 s that way instead of under one).
  await run(
    db,
    sql`insert into report_facts (conversation_id, started_at, ended_at, ended, assigned_agent_id,
        first_visitor_at, has_agent, score)
      select c.id, c.started_at, c.ended_at,
        case when c.state = 'ended' then 1 else 0 end,
        c.assigned_agent_id,
        (select min(v.created_at) from chat_messages v
          where v.conversation_id = c.id and v.sender_type = 'visitor'),
        case when exists (select 1 from chat_messages h
          where h.conversation_id = c.id and h.sender_type = 'agent') then 1 else 0 end,
        r.score
      from chat_conversations c
      left join chat_ratings r on r.conversation_id = c.id
      where c.started_at >= ${span.fromMs} and c.started_at < ${span.toMs}`,
  );
  // The first agent answer at or after the visitor's first message...
  await run(
    db,
    sql`update report_facts set first_reply_at = (select min(a.created_at) from chat_messages a
        where a.conversation_id = report_facts.conversation_id and a.sender_type = 'agent'
          and a.created_at >= report_facts.first_visitor_at)
      where has_agent = 1 and first_visitor_at is not null`,
  );
  // ...and who wrote it.
  await run(
    db,
    sql`update report_facts set responder_id = (select min(w.agent_id) from chat_messages w
        where w.conversation_id = report_facts.conversation_id and w.sender_type = 'agent'
          and w.created_at = report_facts.first_reply_at)
      where first_reply_at is not null`,
  );
  // PostgreSQL plans the joins below from statistics, which a new temp table does not have.
  if (isPostgres(db)) await run(db, sql`analyze report_facts`);
  // Whose conversation it is (who answered first, else who it was assigned to), how long it took
  // to end, and the local time it started (the offset of its daylight-saving period).
  await insertSpans(db, "report_periods", span.periods);
  await run(
    db,
    sql`update report_facts set
        agent_key = coalesce(responder_id, assigned_agent_id),
        resolution_ms = case when ended = 1 and has_agent = 1 then ended_at - started_at end,
        first_response_ms = first_reply_at - first_visitor_at,
        local_ms = started_at + p.offset_ms
      from report_periods p
      where report_facts.started_at >= p.start_ms and report_facts.started_at < p.end_ms`,
  );

  if (span.openings) {
    const latest = await rows<{ latest: unknown }>(
      db,
      sql`select max(first_reply_at) as latest from report_facts`,
    );
    const until = latest[0]?.latest;
    const openings = until === null || until === undefined ? [] : span.openings(num(until));
    await insertSpans(db, "report_openings", openings);
    const longest = openings.reduce((m, o) => Math.max(m, o.end - o.start), 0);
    // Only the openings that can overlap are read: the index on start_ms bounds them.
    await run(
      db,
      sql`update report_facts set first_response_ms = 0 where first_reply_at is not null`,
    );
    await run(
      db,
      sql`update report_facts set first_response_ms = s.open_ms
        from (select f.conversation_id, sum(
            (case when o.end_ms < f.first_reply_at then o.end_ms else f.first_reply_at end)
            - (case when o.start_ms > f.first_visitor_at then o.start_ms else f.first_visitor_at end)) as open_ms
          from report_facts f join report_openings o
            on o.start_ms < f.first_reply_at
            and o.start_ms >= f.first_visitor_at - ${longest}
            and o.end_ms > f.first_visitor_at
          where f.first_reply_at is not null
          group by f.conversation_id) s
        where s.conversation_id = report_facts.conversation_id`,
    );
  }
}

/**
 * The median and 90th percentile of a column per group (`grouped`: per agent; else overall): the
 * window query keeps the values at the two ranks around each position (n - 1) * p, and the value
 * between them is interpolated here.
 */
async function percentiles(
  db: Db,
  column: "first_response_ms" | "resolution_ms",
  grouped: boolean,
): Promise<Map<number, Durations>> {
  const group = grouped ? sql`agent_key` : sql`0`;
  const partition = grouped ? sql`partition by agent_key` : sql``;
  const where = grouped ? sql`and agent_key is not null` : sql``;
  const found = await rows<{ grp: unknown; val: unknown; rn: unknown; cnt: unknown }>(
    db,
    sql`select grp, val, rn, cnt from (
        select ${group} as grp, ${sql.ref(column)} as val,
          row_number() over (${partition} order by ${sql.ref(column)}) - 1 as rn,
          count(*) over (${partition}) as cnt
        from report_facts where ${sql.ref(column)} is not null ${where}
      ) ranked
      where rn = (cnt - 1) / 2 or rn = cnt / 2
        or rn = ((cnt - 1) * 9) / 10 or rn = ((cnt - 1) * 9 + 9) / 10`,
  );
  const byGroup = new Map<number, { cnt: number; at: Map<number, number> }>();
  for (const r of found) {
    const key = num(r.grp);
    const entry = byGroup.get(key) ?? { cnt: num(r.cnt), at: new Map<number, number>() };
    entry.at.set(num(r.rn), num(r.val));
    byGroup.set(key, entry);
  }
  const out = new Map<number, Durations>();
  for (const [key, { cnt, at }] of byGroup) {
    const pick = (p: number) => {
      const position = (cnt - 1) * p;
      const lo = Math.floor(position);
      const hi = Math.ceil(position);
      const a = at.get(lo) ?? 0;
      const b = at.get(hi) ?? a;
      // Seconds, to the millisecond.
      return Math.round(a + (b - a) * (position - lo)) / 1000;
    };
    out.set(key, { median: pick(0.5), p90: pick(0.9) });
  }
  return out;
}

interface CountRow {
  grp: unknown;
  conversations: unknown;
  missed: unknown;
  responses: unknown;
  score_sum: unknown;
  s1: unknown;
  s2: unknown;
  s3: unknown;
  s4: unknown;
  s5: unknown;
}

function counts(db: Db, grouped: boolean) {
  const group = grouped ? sql`agent_key` : sql`0`;
  return rows<CountRow>(
    db,
    sql`select ${group} as grp,
        count(*) as conversations,
        sum(case when ended = 1 and first_visitor_at is not null and has_agent = 0 then 1 else 0 end) as missed,
        count(score) as responses,
        sum(score) as score_sum,
        sum(case when score = 1 then 1 else 0 end) as s1,
        sum(case when score = 2 then 1 else 0 end) as s2,
        sum(case when score = 3 then 1 else 0 end) as s3,
        sum(case when score = 4 then 1 else 0 end) as s4,
        sum(case when score = 5 then 1 else 0 end) as s5
      from report_facts
      ${grouped ? sql`where agent_key is not null group by agent_key` : sql``}`,
  );
}

function csatOf(row: CountRow | undefined): Csat {
  const responses = num(row?.responses);
  return {
    responses,
    average: responses > 0 ? Math.round((num(row?.score_sum) / responses) * 100) / 100 : null,
    distribution: [row?.s1, row?.s2, row?.s3, row?.s4, row?.s5].map(num),
  };
}

const none: Durations = { median: null, p90: null };

export async function computeReport(
  db: Kysely<Database>,
  span: ReportSpan,
): Promise<ReportFigures> {
  return db.transaction().execute(async (trx) => {
    await createTempTables(trx);
    await buildFacts(trx, span);

    const [total] = await counts(trx, false);
    const perAgent = await counts(trx, true);
    const firstResponse = await percentiles(trx, "first_response_ms", false);
    const resolution = await percentiles(trx, "resolution_ms", false);
    const agentFirst = await percentiles(trx, "first_response_ms", true);
    const agentResolution = await percentiles(trx, "resolution_ms", true);

    const hourRows = await rows<{ h: unknown; n: unknown }>(
      trx,
      sql`select (local_ms / ${sql.lit(HOUR_MS)}) % 24 as h, count(*) as n
        from report_facts group by (local_ms / ${sql.lit(HOUR_MS)}) % 24`,
    );
    const dayRows = await rows<{ d: unknown; n: unknown }>(
      trx,
      sql`select local_ms / ${sql.lit(DAY_MS)} as d, count(*) as n
        from report_facts group by local_ms / ${sql.lit(DAY_MS)}`,
    );
    const names = await trx
      .selectFrom("agents")
      .select(["id", "name"])
      .where("id", "in", perAgent.length ? perAgent.map((r) => num(r.grp)) : [-1])
      .execute();
    await dropTempTables(trx);

    const byHour = Array.from({ length: 24 }, () => 0);
    for (const r of hourRows) byHour[num(r.h)] = num(r.n);
    const byDay = new Map<number, number>();
    for (const r of dayRows) byDay.set(num(r.d), num(r.n));
    const nameOf = new Map(names.map((n) => [n.id, n.name]));

    return {
      conversations: num(total?.conversations),
      missed: num(total?.missed),
      firstResponse: firstResponse.get(0) ?? none,
      resolution: resolution.get(0) ?? none,
      csat: csatOf(total),
      byHour,
      byDay,
      byAgent: perAgent
        .map((r) => {
          const id = num(r.grp);
          return {
            agentId: id,
            // An agent row removed since keeps their figures, under their id.
            name: nameOf.get(id) ?? `Agent #${id}`,
            conversations: num(r.conversations),
            firstResponse: agentFirst.get(id) ?? none,
            resolution: agentResolution.get(id) ?? none,
            csat: csatOf(r),
          };
        })
        .sort((a, b) => b.conversations - a.conversations || a.agentId - b.agentId),
    };
  });
}
