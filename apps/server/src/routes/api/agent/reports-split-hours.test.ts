/**
 * First response in business time when a day has two periods (09:00-12:00 and 13:00-17:00 in
 * Europe/Berlin), on SQLite and PostgreSQL: the lunch break counts as closed like the night, also
 * over the weekend of the change to summer time (29 March 2026). Figures worked out by hand.
 */
import type { BusinessHours } from "@hourline/contracts/business-hours";
import type { ReportAnswer } from "@hourline/contracts/support-reports";
import { beforeAll, expect, it } from "vitest";
import { uniqueEmail } from "../../../../test/chat-harness";
import { describeConsole, postgresFor } from "../../../../test/console-suite";

const pgUp = await postgresFor("the split business hours report test");
const at = (iso: string) => Date.parse(iso);

const split = [
  { open: "09:00", close: "12:00" },
  { open: "13:00", close: "17:00" },
];
const hours: BusinessHours = {
  enabled: true,
  time_zone: "Europe/Berlin",
  weekly: { mon: split, tue: split, wed: split, thu: split, fri: split, sat: [], sun: [] },
  closed_dates: [],
  offline_message: "",
};

describeConsole("reports with several opening periods a day", pgUp, (ctx) => {
  const report = async (query: string) => {
    const res = await ctx.admin.browser.get(`/api/agent/reports?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ReportAnswer;
  };

  beforeAll(async () => {
    const db = ctx.server.app.database.db;
    const agent = ctx.admin.agent.id;
    // [visitor writes, agent first answers], UTC.
    const chats: [string, string][] = [
      // Friday 27 March 16:59:50 CET -> Monday 30 March 09:00:10 CEST: 10 s + 10 s.
      ["2026-03-27T15:59:50Z", "2026-03-30T07:00:10Z"],
      // Tuesday 31 March 11:59:30 CEST -> 13:00:30 CEST: 30 s + 30 s, the lunch hour not counted.
      ["2026-03-31T09:59:30Z", "2026-03-31T11:00:30Z"],
      // Tuesday 12:30 CEST (at lunch) -> 13:00:20 CEST: 20 s.
      ["2026-03-31T10:30:00Z", "2026-03-31T11:00:20Z"],
    ];
    for (const [visitorAt, replyAt] of chats) {
      const email = uniqueEmail();
      const { id } = await db
        .insertInto("chat_conversations")
        .values({
          visitor_id: 1,
          visitor_email: email,
          visitor_name: "Visitor",
          state: "open",
          started_at: at(visitorAt),
          ended_at: null,
          ended_by: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const base = {
        conversation_id: id,
        client_id: null,
        message: "Hello",
        msg_type: "text" as const,
      };
      await db
        .insertInto("chat_messages")
        .values([
          {
            ...base,
            sender_type: "visitor" as const,
            agent_id: null,
            sender: email,
            receiver: "null",
            sender_username: "Visitor",
            created_at: at(visitorAt),
          },
          {
            ...base,
            sender_type: "agent" as const,
            agent_id: agent,
            sender: "support",
            receiver: email,
            sender_username: "Agent",
            created_at: at(replyAt),
          },
        ])
        .execute();
    }
  });

  it("counts neither the lunch break nor the weekend as first response time", async () => {
    const query = "from=2026-03-27&to=2026-03-31&tz=Europe/Berlin";
    // On the clock: 226,820 s, 3,660 s and 1,820 s.
    expect((await report(query)).first_response_seconds).toEqual({ median: 3660, p90: 182_188 });
    const put = await ctx.admin.browser.request("PUT", "/api/agent/settings/business-hours", hours);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const business = await report(query);
      expect(business.business_hours).toBe(true);
      // 20, 60 and 20 s: median 20; p90 at rank 1.8 of [20, 20, 60], 20 + 0.8 x 40.
      expect(business.first_response_seconds).toEqual({ median: 20, p90: 52 });
      expect(business.conversations).toBe(3);
    } finally {
      await ctx.admin.browser.request("PUT", "/api/agent/settings/business-hours", {
        ...hours,
        enabled: false,
      });
    }
  });
});
