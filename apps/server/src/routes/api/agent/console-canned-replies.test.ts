/**
 * Canned replies in the support console (GET/POST /api/agent/canned-replies, PATCH/DELETE
 * /api/agent/canned-replies/{id}): any agent adds, changes and removes them, listed by title; every
 * bad body is a 400 (or 413), unknown ids a 404, and the 501st reply a 409. SQLite and PostgreSQL.
 */
import type { CannedReply } from "@hourline/contracts/console";
import { beforeAll, expect, it } from "vitest";
import type { SignedIn } from "../../../../test/console-clients";
import {
  TOO_LARGE,
  conflict,
  describeConsole,
  invalid,
  notFound,
  postgresFor,
  titled,
  type Fields,
} from "../../../../test/console-suite";
import { createCannedReply } from "../../../repositories/canned-replies";

const pgUp = await postgresFor("the console canned-replies test");

describeConsole("canned replies", pgUp, (ctx) => {
  let ana: SignedIn;
  beforeAll(async () => {
    ana = await ctx.newAgent("Ana Canned");
  });

  const list = async (browser = ctx.admin.browser) => {
    const res = await browser.get("/api/agent/canned-replies");
    expect(res.status).toBe(200);
    return res.body as CannedReply[];
  };

  it("adds, lists by title, changes and removes them; any agent may", async () => {
    expect(await list()).toEqual([]);
    const before = Date.now();
    const added = await ctx.admin.browser.post("/api/agent/canned-replies", {
      title: "  Refund policy ",
      body: "Refunds within 30 days.\nSee <b>Pricing</b>.",
      id: 77,
      updated_by: "Someone else",
    });
    expect(added.status).toBe(201);
    const refund = (added.body as { reply: CannedReply }).reply;
    expect(added.body).toEqual({
      status: 201,
      reply: {
        id: expect.any(Number),
        title: "Refund policy",
        // Kept as typed: it becomes message HTML only when sent.
        body: "Refunds within 30 days.\nSee <b>Pricing</b>.",
        updated_at: expect.any(Number),
        updated_by: "Support",
      },
    });
    expect(refund.id).not.toBe(77);
    expect(refund.updated_at).toBeGreaterThanOrEqual(before);

    const billing = await ana.browser.post("/api/agent/canned-replies", {
      title: "billing address",
      body: "Settings, then Billing.",
    });
    expect(billing.status).toBe(201);
    const apology = await ana.browser.post("/api/agent/canned-replies", {
      title: "Apology",
      body: "Sorry for the wait!",
    });
    expect(apology.status).toBe(201);
    expect((await list(ana.browser)).map((r) => r.title)).toEqual([
      "Apology",
      "billing address",
      "Refund policy",
    ]);

    const changed = await ana.browser.patch(`/api/agent/canned-replies/${refund.id}`, {
      title: "Refunds",
      body: "Refunds within 60 days.",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      status: 200,
      reply: {
        id: refund.id,
        title: "Refunds",
        body: "Refunds within 60 days.",
        updated_at: expect.any(Number),
        updated_by: "Ana Canned",
      },
    });
    expect((await list()).find((r) => r.id === refund.id)).toEqual(
      (changed.body as { reply: CannedReply }).reply,
    );

    const removed = await ctx.admin.browser.delete(`/api/agent/canned-replies/${refund.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ status: 200 });
    expect((await list()).map((r) => r.title)).toEqual(["Apology", "billing address"]);
    const again = await ctx.admin.browser.delete(`/api/agent/canned-replies/${refund.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(notFound("No such canned reply."));
    const patchGone = await ctx.admin.browser.patch(`/api/agent/canned-replies/${refund.id}`, {
      title: "Refunds",
      body: "Back?",
    });
    expect(patchGone.status).toBe(404);
    expect(patchGone.body).toEqual(notFound("No such canned reply."));
  });

  it.each(
    titled<Fields>([
      [{ body: "Text" }, { title: "Please give the reply a title." }],
      [{ title: "   ", body: "Text" }, { title: "Please give the reply a title." }],
      [
        { title: "t".repeat(81), body: "Text" },
        { title: "Please keep the title to 80 characters or fewer." },
      ],
      [
        { title: "Tab\there", body: "Text" },
        { title: "Please use only letters, spaces and punctuation." },
      ],
      [{ title: "Title" }, { body: "Please write the reply." }],
      [{ title: "Title", body: " \n\t " }, { body: "Please write the reply." }],
      [{ title: ["Title"], body: { text: "x" } }, { title: "Please give the reply a title." }],
    ]),
  )("refuses %s with 400, on POST and on PATCH", async (_title, body, fields) => {
    const [target] = await list();
    if (!target) throw new Error("no canned reply to change");
    for (const res of [
      await ctx.admin.browser.post("/api/agent/canned-replies", body),
      await ctx.admin.browser.patch(`/api/agent/canned-replies/${target.id}`, body),
    ]) {
      expect(res.status).toBe(400);
      // Only the first problem of each field is named; with both fields wrong, both are.
      expect(res.body).toMatchObject(invalid(fields));
    }
    expect(await list()).toHaveLength(2);
  });

  it("accepts a body of exactly 5000 characters and refuses one over 32 KB with 413", async () => {
    const exact = await ctx.admin.browser.post("/api/agent/canned-replies", {
      title: "Long",
      body: "b".repeat(5000),
    });
    expect(exact.status).toBe(201);
    const id = (exact.body as { reply: CannedReply }).reply.id;
    // One character more is as too large as a body over the byte limit: 413, naming the field.
    const over = await ctx.admin.browser.post("/api/agent/canned-replies", {
      title: "Longer",
      body: "b".repeat(5001),
    });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      error: {
        code: "too_large",
        fields: { body: "Please keep the reply to 5000 characters or fewer." },
      },
    });
    expect((await ctx.admin.browser.delete(`/api/agent/canned-replies/${id}`)).status).toBe(200);
    const big = await ctx.admin.browser.post("/api/agent/canned-replies", {
      title: "Big",
      body: "Text",
      padding: "x".repeat(32 * 1024),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(TOO_LARGE);
  });

  it("drops NUL characters from a body (PostgreSQL cannot store them); only NULs is no body", async () => {
    const added = await ctx.admin.browser.post("/api/agent/canned-replies", {
      title: "With NUL",
      body: "Thanks\u0000 for waiting\u0000",
    });
    expect(added.status).toBe(201);
    const reply = (added.body as { reply: CannedReply }).reply;
    expect(reply.body).toBe("Thanks for waiting");
    expect((await list()).find((r) => r.id === reply.id)?.body).toBe("Thanks for waiting");
    expect((await ctx.admin.browser.delete(`/api/agent/canned-replies/${reply.id}`)).status).toBe(
      200,
    );
    const onlyNul = await ctx.admin.browser.post("/api/agent/canned-replies", {
      title: "Only NUL",
      body: "\u0000\u0000",
    });
    expect(onlyNul.body).toEqual(invalid({ body: "Please write the reply." }));
  });

  it("keeps at most 500: the 501st is a 409 until one is removed", async () => {
    const db = ctx.server.app.database.db;
    const existing = (await list()).length;
    for (let i = existing; i < 500; i++) {
      await createCannedReply(db, { title: `Reply ${i}`, body: "Text" }, ctx.admin.agent.id);
    }
    expect(await list()).toHaveLength(500);
    const refused = await ana.browser.post("/api/agent/canned-replies", {
      title: "One too many",
      body: "Text",
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      conflict("There are 500 canned replies already. Remove one you no longer use first."),
    );
    // Changing one is still fine at the cap.
    const [first] = await list();
    if (!first) throw new Error("no canned reply");
    const changed = await ana.browser.patch(`/api/agent/canned-replies/${first.id}`, {
      title: first.title,
      body: "Changed at the cap",
    });
    expect(changed.status).toBe(200);
    expect((await ana.browser.delete(`/api/agent/canned-replies/${first.id}`)).status).toBe(200);
    const now = await ana.browser.post("/api/agent/canned-replies", {
      title: "One too many",
      body: "Text",
    });
    expect(now.status).toBe(201);
    expect(await list()).toHaveLength(500);
  });
});
