/**
 * GET /api/agent/reports on SQLite and PostgreSQL, against figures worked out by hand from a seeded
 * set of chats in Europe/Berlin across the change to summer time (29 March 2026, 02:00 CET ->
 * 03:00 CEST): counts, missed, medians and 90th percentiles, CSAT, volume by local hour and day
 * (a chat at 23:30 CET and one at 00:30 CEST land on the right dates), per agent; the CSV holds
 * the JSON's figures; business hours make first response count only open time. Refusals are in
 * reports-refusals.test.ts.
 */
import type { BusinessHours } from "@hourline/contracts/business-hours";
import { reportToCsv, type ReportAnswer } from "@hourline/contracts/support-reports";
import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import type { Database } from "../../../db/schema";
import { uniqueEmail } from "../../../../test/chat-harness";
import type { SignedIn } from "../../../../test/console-clients";
import { describeConsole, postgresFor } from "../../../../test/console-suite";

const pgUp = await postgresFor("the reports test");
const at = (iso: string) => Date.parse(iso);

interface SeedChat {
  start: string;
  visitorAt?: string;
  reply?: { at: string; agent: number };
  endedAt?: string;
  score?: number;
}

async function seed(db: Kysely<Database>, chat: SeedChat): Promise<number> {
  const email = uniqueEmail();
  const { id } = await db
    .insertInto("chat_conversations")
    .values({
      visitor_id: 1,
      visitor_email: email,
      visitor_name: "Visitor",
      state: chat.endedAt ? "ended" : "open",
      started_at: at(chat.start),
      ended_at: chat.endedAt ? at(chat.endedAt) : null,
      ended_by: chat.endedAt ? "visitor" : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const message = (agentId: number | null, createdAt: string) => ({
    conversation_id: id,
    client_id: null,
    sender_type: agentId === null ? ("visitor" as const) : ("agent" as const),
    agent_id: agentId,
    sender: agentId === null ? email : "support",
    receiver: agentId === null ? "null" : email,
    sender_username: agentId === null ? "Visitor" : "Agent",
    message: "Hello",
    msg_type: "text" as const,
    created_at: at(createdAt),
  });
  if (chat.visitorAt)
    await db.insertInto("chat_messages").values(message(null, chat.visitorAt)).execute();
  if (chat.reply) {
    await db.insertInto("chat_messages").values(message(chat.reply.agent, chat.reply.at)).execute();
    // A later answer never counts as the first one.
    await db
      .insertInto("chat_messages")
      .values(message(chat.reply.agent, new Date(at(chat.reply.at) + 5000).toISOString()))
      .execute();
  }
  if (chat.score) {
    await db
      .insertInto("chat_ratings")
      .values({
        conversation_id: id,
        score: chat.score,
        comment: null,
        created_at: at(chat.start),
        updated_at: at(chat.start),
      })
      .execute();
  }
  return id;
}

const weekdays: BusinessHours["weekly"] = {
  mon: [{ open: "09:00", close: "17:00" }],
  tue: [{ open: "09:00", close: "17:00" }],
  wed: [{ open: "09:00", close: "17:00" }],
  thu: [{ open: "09:00", close: "17:00" }],
  fri: [{ open: "09:00", close: "17:00" }],
  sat: [],
  sun: [],
};

describeConsole("reports", pgUp, (ctx) => {
  let ravi: SignedIn;
  let mei: SignedIn;
  const db = () => ctx.server.app.database.db;
  const report = async (query: string) => {
    const res = await ctx.admin.browser.get(`/api/agent/reports?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ReportAnswer;
  };

  beforeAll(async () => {
    ravi = await ctx.newAgent("Ravi Menon");
    mei = await ctx.newAgent("Mei Chen");
    const lead = ctx.admin.agent.id;
    const r = ravi.agent.id;
    const m = mei.agent.id;
    const chats: SeedChat[] = [
      // Saturday 28 March, CET (UTC+1).
      {
        start: "2026-03-28T08:00:00Z",
        visitorAt: "2026-03-28T08:00:05Z",
        reply: { at: "2026-03-28T08:00:25Z", agent: lead },
        endedAt: "2026-03-28T08:10:00Z",
        score: 5,
      },
      // 23:30 CET: still the 28th (UTC+2 would make it the 29th).
      {
        start: "2026-03-28T22:30:00Z",
        visitorAt: "2026-03-28T22:30:10Z",
        reply: { at: "2026-03-28T22:30:40Z", agent: r },
        endedAt: "2026-03-28T22:45:00Z",
        score: 3,
      },
      // 01:30 CET on the 29th; nobody answered: missed.
      {
        start: "2026-03-29T00:30:00Z",
        visitorAt: "2026-03-29T00:30:00Z",
        endedAt: "2026-03-29T00:40:00Z",
      },
      // 03:30 CEST on the 29th, after the change.
      {
        start: "2026-03-29T01:30:00Z",
        visitorAt: "2026-03-29T01:30:00Z",
        reply: { at: "2026-03-29T01:31:00Z", agent: lead },
        endedAt: "2026-03-29T02:00:00Z",
        score: 4,
      },
      // 00:30 CEST on Monday the 30th; still open.
      {
        start: "2026-03-29T22:30:00Z",
        visitorAt: "2026-03-29T22:30:00Z",
        reply: { at: "2026-03-29T22:30:10Z", agent: m },
      },
      // 11:00 CEST on the 30th.
      {
        start: "2026-03-30T09:00:00Z",
        visitorAt: "2026-03-30T09:00:00Z",
        reply: { at: "2026-03-30T09:01:40Z", agent: r },
        endedAt: "2026-03-30T09:20:00Z",
        score: 2,
      },
      // Outside the range: 23:59:59 CET on the 27th, 00:00 CEST on the 31st.
      {
        start: "2026-03-27T22:59:59Z",
        visitorAt: "2026-03-27T22:59:59Z",
        endedAt: "2026-03-27T23:05:00Z",
      },
      {
        start: "2026-03-30T22:00:00Z",
        visitorAt: "2026-03-30T22:00:00Z",
        reply: { at: "2026-03-30T22:00:30Z", agent: lead },
        endedAt: "2026-03-30T22:10:00Z",
        score: 1,
      },
      // Friday the 27th, 16:59:30 CET, answered on Monday at 09:00:30 CEST.
      {
        start: "2026-03-27T15:59:30Z",
        visitorAt: "2026-03-27T15:59:30Z",
        reply: { at: "2026-03-30T07:00:30Z", agent: m },
        endedAt: "2026-03-30T07:10:00Z",
      },
      // A chat the visitor opened and never wrote in: counted, not missed, no first response.
      { start: "2026-03-28T12:00:00Z", endedAt: "2026-03-28T12:01:00Z" },
    ];
    for (const chat of chats) await seed(db(), chat);
  });

  it("matches the figures worked out by hand, across the change to summer time", async () => {
    const lead = ctx.admin.agent;
    const body = await report("from=2026-03-28&to=2026-03-30&tz=Europe/Berlin");
    expect(body).toEqual({
      status: 200,
      from: "2026-03-28",
      to: "2026-03-30",
      tz: "Europe/Berlin",
      business_hours: false,
      conversations: 7,
      missed: 1,
      // 10, 20, 30, 60, 100 s: median 30; p90 at rank 3.6, 60 + 0.6 x 40.
      first_response_seconds: { median: 30, p90: 84 },
      // 600, 900, 1200, 1800 s (the missed chat, the open one and the silent one have none).
      resolution_seconds: { median: 1050, p90: 1620 },
      csat: { responses: 4, average: 3.5, distribution: [0, 1, 1, 1, 1] },
      by_hour: [1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
      by_day: [
        { date: "2026-03-28", conversations: 3 },
        { date: "2026-03-29", conversations: 2 },
        { date: "2026-03-30", conversations: 2 },
      ],
      by_agent: [
        {
          agent_id: lead.id,
          name: lead.name,
          conversations: 2,
          first_response_seconds: { median: 40, p90: 56 },
          resolution_seconds: { median: 1200, p90: 1680 },
          csat: { responses: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] },
        },
        {
          agent_id: ravi.agent.id,
          name: "Ravi Menon",
          conversations: 2,
          first_response_seconds: { median: 65, p90: 93 },
          resolution_seconds: { median: 1050, p90: 1170 },
          csat: { responses: 2, average: 2.5, distribution: [0, 1, 1, 0, 0] },
        },
        {
          agent_id: mei.agent.id,
          name: "Mei Chen",
          conversations: 1,
          first_response_seconds: { median: 10, p90: 10 },
          resolution_seconds: { median: null, p90: null },
          csat: { responses: 0, average: null, distribution: [0, 0, 0, 0, 0] },
        },
      ],
    });
  });

  it("gives the same figures as CSV, a table per section", async () => {
    const query = "from=2026-03-28&to=2026-03-30&tz=Europe/Berlin";
    const json = await report(query);
    const res = await ctx.server.app.inject({
      url: `/api/agent/reports?${query}&format=csv`,
      headers: { cookie: ctx.admin.browser.cookieHeader(), origin: "http://localhost:3000" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="hourline-report-2026-03-28-to-2026-03-30.csv"',
    );
    expect(res.body).toBe(reportToCsv(json));
    const lines = res.body.split("\r\n");
    expect(lines).toContain("conversations,7");
    expect(lines).toContain("first_response_seconds.p90,84");
    expect(lines).toContain("csat.score_5,1");
    expect(lines).toContain("23,1");
    expect(lines).toContain("2026-03-28,3");
    expect(lines).toContain(`${ravi.agent.id},Ravi Menon,2,65,93,1050,1170,2,2.5`);
    expect(lines).toContain(`${mei.agent.id},Mei Chen,1,10,10,,,0,`);
  });

  it("counts only business time for first response when hours are set", async () => {
    const clock = await report("from=2026-03-27&to=2026-03-27&tz=Europe/Berlin");
    // 16:59:30 CET Friday to 09:00:30 CEST Monday on the clock.
    expect(clock.first_response_seconds).toEqual({ median: 226_860, p90: 226_860 });
    expect([clock.conversations, clock.missed]).toEqual([2, 1]);

    const hours: BusinessHours = {
      enabled: true,
      time_zone: "Europe/Berlin",
      weekly: weekdays,
      closed_dates: [],
      offline_message: "",
    };
    const put = await ctx.admin.browser.request("PUT", "/api/agent/settings/business-hours", hours);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      // The lead's zone defaults to the schedule's; 30 s before closing and 30 s after opening.
      const business = await report("from=2026-03-27&to=2026-03-27");
      expect(business.tz).toBe("Europe/Berlin");
      expect(business.business_hours).toBe(true);
      expect(business.first_response_seconds).toEqual({ median: 60, p90: 60 });
      // A weekend chat answered on the weekend took no business time; Monday's took 100 s.
      const weekend = await report("from=2026-03-28&to=2026-03-30");
      expect(weekend.first_response_seconds.median).toBe(0);
      expect(
        weekend.by_agent.find((a) => a.agent_id === ravi.agent.id)?.first_response_seconds,
      ).toEqual({ median: 50, p90: 90 });
    } finally {
      await ctx.admin.browser.request("PUT", "/api/agent/settings/business-hours", {
        ...hours,
        enabled: false,
      });
    }
  });

  it("reads a range with nothing in it as zeros and nulls", async () => {
    const body = await report("from=2025-01-01&to=2025-01-02&tz=Asia/Kolkata");
    expect(body.conversations).toBe(0);
    expect(body.first_response_seconds).toEqual({ median: null, p90: null });
    expect(body.csat).toEqual({ responses: 0, average: null, distribution: [0, 0, 0, 0, 0] });
    expect(body.by_day).toEqual([
      { date: "2025-01-01", conversations: 0 },
      { date: "2025-01-02", conversations: 0 },
    ]);
    expect(body.by_agent).toEqual([]);
  });
});
