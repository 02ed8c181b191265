/**
 * GET /api/agent/reports refuses a bad range, zone or format with a 400 naming the field, and
 * agents who are not admins; business hours are read by every agent, changed by admins only, and
 * a bad schedule is refused naming the day and the period. On SQLite and PostgreSQL.
 */
import { beforeAll, expect, it } from "vitest";
import type { SignedIn } from "../../../../test/console-clients";
import { describeConsole, postgresFor } from "../../../../test/console-suite";

const pgUp = await postgresFor("the reports refusals test");
const noDays = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

describeConsole("reports and business hours refusals", pgUp, (ctx) => {
  let ravi: SignedIn;

  beforeAll(async () => {
    ravi = await ctx.newAgent("Ravi Menon");
  });

  it("refuses bad ranges and zones with a clear error, and agents who are not admins", async () => {
    const get = (who: SignedIn, query: string) => who.browser.get(`/api/agent/reports?${query}`);
    const bad = async (query: string, field: string, message: string) => {
      const res = await get(ctx.admin, query);
      expect(res.status).toBe(400);
      expect((res.body as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(
        message,
      );
    };
    await bad("from=2026-03-30&to=2026-03-28", "to", "from must not be after to.");
    await bad("from=2025-01-01&to=2026-03-28", "to", "A report covers at most 367 days.");
    await bad(
      "from=2026-02-30&to=2026-03-28",
      "from",
      "A date is written YYYY-MM-DD and must exist.",
    );
    await bad(
      "from=2026-03-01&to=2026-03-28&tz=Mars/Olympus",
      "tz",
      "Choose a time zone such as Asia/Kolkata.",
    );
    await bad("from=2026-03-01&to=2026-03-28&format=pdf", "format", "format must be json or csv.");
    const refused = await get(ravi, "from=2026-03-28&to=2026-03-30");
    expect(refused).toMatchObject({
      status: 403,
      body: {
        status: 403,
        error: { code: "forbidden", message: "Only an admin can see reports." },
      },
    });
    const put = await ravi.browser.request("PUT", "/api/agent/settings/business-hours", {});
    expect(put.status).toBe(403);
    // Agents may read the hours; a bad schedule is refused with the field that is wrong.
    expect((await ravi.browser.get("/api/agent/settings/business-hours")).status).toBe(200);
    const wrong = await ctx.admin.browser.request("PUT", "/api/agent/settings/business-hours", {
      enabled: true,
      time_zone: "Europe/Berlin",
      weekly: { ...noDays, mon: [{ open: "17:00", close: "09:00" }] },
      closed_dates: [],
      offline_message: "",
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { error: { fields: Record<string, string> } }).error.fields.weekly).toBe(
      "Monday, period 1: the closing time must come after the opening time.",
    );
  });
});
