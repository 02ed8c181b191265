/**
 * Ratings and availability over real HTTP and sockets, on SQLite and PostgreSQL: the token in the
 * visitor's `chat_ended` frame rates the chat once; the transcript mail's link opens a page that
 * works without JavaScript and whose post replaces the first rating; a used, stale or unknown
 * token is refused; agents see the rating (live and in the conversation); export holds it and
 * erasure removes it. Availability inside hours, outside them and on a closed date.
 */
import type { AvailabilityAnswer, BusinessHours } from "@hourline/contracts/business-hours";
import type { ConversationDetailAnswer } from "@hourline/contracts/console";
import type { VisitorExport } from "@hourline/contracts/visitor-data";
import { expect, it } from "vitest";
import { Browser, ORIGIN, chattingVisitor, uniqueEmail } from "../../../../test/chat-harness";
import { agentSocket } from "../../../../test/console-clients";
import { describeConsole, postgresFor } from "../../../../test/console-suite";
import { issueRatingToken } from "../../../repositories/chat-ratings";

const pgUp = await postgresFor("the ratings test");
const DAY = 86_400_000;

describeConsole("ratings and availability", pgUp, (ctx) => {
  const db = () => ctx.server.app.database.db;
  const rate = (body: unknown) => new Browser(ctx.server).post("/api/support/rating", body);
  const formPost = (payload: string) =>
    ctx.server.app.inject({
      method: "POST",
      url: "/api/support/rating",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload,
    });
  const detail = async (id: number) =>
    (await ctx.admin.browser.get(`/api/agent/conversations/${id}`))
      .body as ConversationDetailAnswer;

  it("rates from the widget's token, then replaces it from the mail's link", async () => {
    const agent = await agentSocket(ctx.admin.browser);
    const email = uniqueEmail();
    const visitor = await chattingVisitor(ctx.server, "Asha Rao", email, { transcript: true });
    const mailsBefore = ctx.server.sink.messages.length;
    visitor.socket.send({ message_type: "chat_end", target_email: email, user_type: "user" });
    const ended = await visitor.socket.next((f) => f.message_type === "chat_ended");
    const token = ended.rating_token as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const agentsCopy = await agent.next((f) => f.message_type === "chat_ended");
    expect(agentsCopy).not.toHaveProperty("rating_token");

    // No session is needed (ending the chat ended it): the token is the proof.
    expect(
      await rate({ rating_token: token, score: 4, comment: " Quick and kind " }),
    ).toMatchObject({
      status: 200,
      body: { status: 200 },
    });
    const live = await agent.next((f) => f.message_type === "rating");
    expect(live).toMatchObject({
      conversation_id: visitor.conversationId,
      score: 4,
      comment: "Quick and kind",
    });
    expect((await detail(visitor.conversationId)).rating).toMatchObject({
      conversation_id: visitor.conversationId,
      score: 4,
      comment: "Quick and kind",
    });
    // The same token again: refused, and the rating stays.
    expect(await rate({ rating_token: token, score: 1 })).toMatchObject({
      status: 409,
      body: { error: { code: "rating_token_used" } },
    });

    // The transcript mail asks too, with a link of its own.
    await expect
      .poll(() =>
        ctx.server.sink.messages
          .slice(mailsBefore)
          .some(
            (m) =>
              m.envelopeTo.includes(email) && /support chat with/.test(m.header("subject") ?? ""),
          ),
      )
      .toBe(true);
    const mail = ctx.server.sink.messages
      .slice(mailsBefore)
      .find(
        (m) => m.envelopeTo.includes(email) && /support chat with/.test(m.header("subject") ?? ""),
      );
    const link = /http:\/\/localhost:3000\/chat\/rating\?token=([\w-]{43})/.exec(mail?.text ?? "");
    expect(link, mail?.text).not.toBeNull();
    expect(mail?.html).toContain(`/chat/rating?token=${link?.[1]}`);
    const mailToken = link?.[1] as string;

    // Opening the link spends nothing; the page holds the form.
    const page = await ctx.server.app.inject({ url: `/chat/rating?token=${mailToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain("<h1>How did we do?</h1>");
    expect(page.body).toContain(`name="rating_token" value="${mailToken}"`);
    expect(page.body).toContain('action="/api/support/rating"');

    const posted = await formPost(`rating_token=${mailToken}&score=2&comment=Slow+at+the+end`);
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain("Your new rating replaces the one you gave before.");
    expect((await detail(visitor.conversationId)).rating).toMatchObject({
      score: 2,
      comment: "Slow at the end",
    });
    const rows = await db()
      .selectFrom("chat_ratings")
      .selectAll()
      .where("conversation_id", "=", visitor.conversationId)
      .execute();
    expect(rows).toHaveLength(1);

    const again = await ctx.server.app.inject({ url: `/chat/rating?token=${mailToken}` });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("You have already rated with this link");
    agent.close();
    visitor.socket.close();
  });

  it("refuses a stale or unknown token and a bad score, in JSON and on the page", async () => {
    const visitor = await chattingVisitor(ctx.server);
    visitor.socket.send({ message_type: "chat_end" });
    const ended = await visitor.socket.next((f) => f.message_type === "chat_ended");
    const stale = await issueRatingToken(db(), visitor.conversationId, Date.now() - 7 * DAY - 1000);
    expect(await rate({ rating_token: stale, score: 5 })).toMatchObject({
      status: 409,
      body: { status: 409, error: { code: "rating_token_expired" } },
    });
    const staleForm = await formPost(`rating_token=${stale}&score=5`);
    expect([staleForm.statusCode, staleForm.body.includes("This rating link has expired")]).toEqual(
      [409, true],
    );
    const unknown = "A".repeat(43);
    expect(await rate({ rating_token: unknown, score: 5 })).toMatchObject({
      status: 404,
      body: { error: { code: "rating_token_invalid" } },
    });
    expect((await ctx.server.app.inject({ url: "/chat/rating?token=nonsense" })).statusCode).toBe(
      404,
    );

    const token = ended.rating_token as string;
    const bad = await rate({ rating_token: token, score: 6 });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      score: "Choose a score from 1 to 5.",
    });
    const long = await rate({ rating_token: token, score: 3, comment: "x".repeat(1001) });
    // An over-long text is too large, as every over-long text is (message-length.test.ts).
    expect(long.status).toBe(413);
    // The form comes back with what was wrong and what the visitor wrote.
    const form = await formPost(`rating_token=${token}&comment=%3Cb%3Ehi%3C%2Fb%3E`);
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain("Choose a score from 1 to 5.");
    expect(form.body).toContain("&lt;b&gt;hi&lt;/b&gt;");
    // None of that spent the token.
    expect((await rate({ rating_token: token, score: 3 })).status).toBe(200);
    visitor.socket.close();
  });

  it("writes the pages in the conversation's language, or the browser's for an unknown link", async () => {
    const visitor = await chattingVisitor(ctx.server);
    visitor.socket.close();
    const speak = (language: "de" | "ar") =>
      db()
        .updateTable("chat_conversations")
        .set({ language })
        .where("id", "=", visitor.conversationId)
        .execute();

    await speak("de");
    const german = await issueRatingToken(db(), visitor.conversationId, Date.now());
    const page = await ctx.server.app.inject({
      url: `/chat/rating?token=${german}`,
      headers: { "accept-language": "fr" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain("<h1>Wie waren wir?</h1>");
    expect(page.body).toContain("5: Ausgezeichnet");
    expect(page.body).not.toContain("How did we do?");
    const thanks = await formPost(`rating_token=${german}&score=5`);
    expect(thanks.body).toContain("Vielen Dank für Ihre Bewertung");
    // A used link still speaks its conversation's language.
    const used = await ctx.server.app.inject({ url: `/chat/rating?token=${german}` });
    expect([
      used.statusCode,
      used.body.includes("Sie haben mit diesem Link bereits bewertet"),
    ]).toEqual([409, true]);

    await speak("ar");
    const arabic = await issueRatingToken(db(), visitor.conversationId, Date.now());
    const rtl = await ctx.server.app.inject({ url: `/chat/rating?token=${arabic}` });
    expect(rtl.body).toContain('<html lang="ar" dir="rtl">');
    expect(rtl.body).toContain("<h1>ما رأيك في خدمتنا؟</h1>");
    const missing = await formPost(`rating_token=${arabic}`);
    expect([missing.statusCode, missing.body.includes("اختر تقييمًا من 1 إلى 5.")]).toEqual([
      400,
      true,
    ]);

    const unknown = "B".repeat(43);
    const french = await ctx.server.app.inject({
      url: `/chat/rating?token=${unknown}`,
      headers: { "accept-language": "xx, fr-CH;q=0.9, en;q=0.8" },
    });
    expect(french.statusCode).toBe(404);
    expect(french.body).toContain('<html lang="fr" dir="ltr">');
    expect(french.body).toContain("Ce lien d’évaluation ne fonctionne pas");
    const english = await ctx.server.app.inject({
      url: `/chat/rating?token=${unknown}`,
      headers: { "accept-language": "ja, fr;q=0" },
    });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain("This rating link does not work");
  });

  it("exports the rating with the conversation and erases it with the visitor", async () => {
    const email = uniqueEmail();
    const visitor = await chattingVisitor(ctx.server, "Lena Fischer", email);
    visitor.socket.send({ message_type: "chat_end" });
    const ended = await visitor.socket.next((f) => f.message_type === "chat_ended");
    await rate({ rating_token: ended.rating_token, score: 5, comment: "Great" });
    const exported = await ctx.admin.browser.get(
      `/api/agent/visitors/${encodeURIComponent(email)}/export`,
    );
    expect(exported.status).toBe(200);
    expect((exported.body as VisitorExport).conversations[0]?.rating).toMatchObject({
      score: 5,
      comment: "Great",
    });
    const erased = await ctx.admin.browser.request(
      "DELETE",
      `/api/agent/visitors/${encodeURIComponent(email)}`,
    );
    expect(erased.status).toBe(200);
    const left = await db()
      .selectFrom("chat_ratings")
      .select("id")
      .where("conversation_id", "=", visitor.conversationId)
      .execute();
    const tokens = await db()
      .selectFrom("chat_rating_tokens")
      .select("id")
      .where("conversation_id", "=", visitor.conversationId)
      .execute();
    expect([left.length, tokens.length]).toEqual([0, 0]);
    visitor.socket.close();
  });

  it("tells the widget whether the team is in: inside, outside and on a closed date", async () => {
    const availability = async () => {
      const res = await new Browser(ctx.server).get("/api/support/availability");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      return res.body as AvailabilityAnswer;
    };
    const save = async (hours: BusinessHours) => {
      const res = await ctx.admin.browser.request(
        "PUT",
        "/api/agent/settings/business-hours",
        hours,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const allDay = [{ open: "00:00", close: "24:00" }];
    const every = (day: { open: string; close: string }[]) => ({
      mon: day,
      tue: day,
      wed: day,
      thu: day,
      fri: day,
      sat: day,
      sun: day,
    });
    const agent = await agentSocket(ctx.admin.browser);
    try {
      // No hours set: always open.
      expect(await availability()).toMatchObject({ open: true, next_open_at: null, message: "" });

      const base: BusinessHours = {
        enabled: true,
        time_zone: "UTC",
        weekly: every(allDay),
        closed_dates: [],
        offline_message: "We are away; we answer by e-mail when we are back.",
      };
      await save(base);
      expect(await availability()).toEqual({
        status: 200,
        open: true,
        agents_online: true,
        next_open_at: null,
        message: "",
        time_zone: "UTC",
        next_change_at: null,
      });

      // Today and tomorrow are closed dates: back at midnight UTC the day after.
      const now = Date.now();
      const today = new Date(now).toISOString().slice(0, 10);
      const tomorrow = new Date(now + DAY).toISOString().slice(0, 10);
      await save({ ...base, closed_dates: [tomorrow, today] });
      const dayAfter = Date.parse(
        `${new Date(now + 2 * DAY).toISOString().slice(0, 10)}T00:00:00Z`,
      );
      expect(await availability()).toMatchObject({
        open: false,
        next_open_at: dayAfter,
        message: base.offline_message,
      });

      // Outside the day's one opening hour: its next start.
      const hour = new Date(now).getUTCHours();
      const window =
        hour < 12 ? { open: "13:00", close: "14:00" } : { open: "01:00", close: "02:00" };
      await save({ ...base, weekly: every([window]) });
      const nextStart =
        hour < 12 ? Date.parse(`${today}T13:00:00Z`) : Date.parse(`${tomorrow}T01:00:00Z`);
      expect(await availability()).toMatchObject({ open: false, next_open_at: nextStart });
    } finally {
      await ctx.admin.browser.request("PUT", "/api/agent/settings/business-hours", {
        enabled: false,
        time_zone: "UTC",
        weekly: every([]),
        closed_dates: [],
        offline_message: "",
      });
      agent.close();
    }
  });
});
