/**
 * The signed-in agent in the support console (GET and PATCH /api/agent/me, POST
 * /api/agent/me/password) over real HTTP and sockets: exact answers, every refusal a 400, 413 or
 * 415 (never a 500), a new display name reaching the visitor with the next reply, and a password
 * change that ends the agent's other sessions (sockets too) but keeps this one, with wrong current
 * passwords counted like failed sign-ins. SQLite and PostgreSQL.
 */
import type { AgentAccount } from "@hourline/contracts/console";
import { expect, it } from "vitest";
import { chattingVisitor, newClientId, type Frame } from "../../../../test/chat-harness";
import {
  ADMIN,
  INCORRECT,
  SIGN_IN,
  agentSocket,
  injectAs,
  signIn,
} from "../../../../test/console-clients";
import {
  ADMINS_ONLY,
  PASSWORD,
  TOO_LARGE,
  describeConsole,
  invalid,
  postgresFor,
  titled,
  type Fields,
} from "../../../../test/console-suite";

const pgUp = await postgresFor("the console profile test");

describeConsole("the signed-in agent", pgUp, (ctx) => {
  it("GET /me answers who is signed in, never cached", async () => {
    const me = await ctx.admin.browser.get("/api/agent/me");
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect(me.body).toEqual({
      status: 200,
      agent: { id: ctx.admin.agent.id, name: "Support", email: ADMIN.email, role: "admin" },
      agent_status: "online",
    });
  });

  it("GET /me answers the agent's own status as they chose it (the console's toggle reads it)", async () => {
    const ivo = await ctx.newAgent("Ivo Away");
    expect((await ivo.browser.put("/api/agent/me/status", { status: "away" })).status).toBe(200);
    expect((await ivo.browser.get("/api/agent/me")).body).toMatchObject({ agent_status: "away" });
    expect((await ivo.browser.put("/api/agent/me/status", { status: "online" })).status).toBe(200);
    expect((await ivo.browser.get("/api/agent/me")).body).toMatchObject({ agent_status: "online" });
  });

  it("PATCH /me sets the display name (trimmed) and ignores every other field", async () => {
    const ana = await ctx.newAgent("Ana Lima");
    const res = await ana.browser.patch("/api/agent/me", {
      name: "  Ana Lima-Sousa ",
      role: "admin",
      email: "mallory@evil.example",
      id: ctx.admin.agent.id,
    });
    const agent = { ...ana.agent, name: "Ana Lima-Sousa", role: "agent" };
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, agent });
    expect((await ana.browser.get("/api/agent/me")).body).toEqual({
      status: 200,
      agent,
      agent_status: "online",
    });
    const accounts = (await ctx.admin.browser.get("/api/agent/agents")).body as AgentAccount[];
    expect(accounts.find((a) => a.id === ana.agent.id)).toMatchObject(agent);
    // Still not an admin.
    expect((await ana.browser.get("/api/agent/agents")).body).toEqual(ADMINS_ONLY);
  });

  it.each(
    titled<string>([
      [{}, "Please enter a name."],
      [{ name: "" }, "Please enter a name."],
      [{ name: "   " }, "Please enter a name."],
      [{ name: 42 }, "Please enter a name."],
      [{ name: null }, "Please enter a name."],
      [{ name: "x".repeat(101) }, "Please keep the name to 100 characters or fewer."],
      [{ name: "Ana\u0000Lima" }, "Please use only letters, spaces and punctuation."],
      [{ name: "Ana\nLima" }, "Please use only letters, spaces and punctuation."],
    ]),
  )("PATCH /me refuses %s with 400", async (_title, body, message) => {
    const res = await ctx.admin.browser.patch("/api/agent/me", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ name: message }));
    expect((await ctx.admin.browser.get("/api/agent/me")).body).toMatchObject({
      agent: { name: "Support" },
    });
  });

  it("answers a body that is not a JSON object with 400, another type with 415, too much with 413", async () => {
    const url = "/api/agent/me";
    const array = await injectAs(ctx.server, ctx.admin.browser, {
      method: "PATCH",
      url,
      payload: '["Ana"]',
      contentType: "application/json",
    });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({
      status: 400,
      error: { code: "validation_failed", message: "The body must be a JSON object." },
    });
    const broken = await injectAs(ctx.server, ctx.admin.browser, {
      method: "PATCH",
      url,
      payload: '{"name": "Ana"',
      contentType: "application/json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      status: 400,
      error: {
        code: "bad_request",
        message: "Body is not valid JSON but content-type is set to 'application/json'",
      },
    });
    const text = await injectAs(ctx.server, ctx.admin.browser, {
      method: "PATCH",
      url,
      payload: "name=Ana",
      contentType: "text/plain",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      status: 415,
      error: { code: "unsupported_media_type", message: "Unsupported Media Type" },
    });
    const big = await ctx.admin.browser.patch(url, { name: "Ana", padding: "x".repeat(4096) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(TOO_LARGE);
  });

  it("a new display name is what the visitor sees on the agent's next reply", async () => {
    const ana = await ctx.newAgent("Ana Lima");
    const socket = await agentSocket(ana.browser);
    const visitor = await chattingVisitor(ctx.server, "Asha Rao");
    const reply = async (text: string): Promise<Frame> => {
      const clientId = newClientId();
      socket.send({
        message_type: "message",
        conversation_id: visitor.conversationId,
        message: text,
        msg_type: "text",
        client_id: clientId,
      });
      const ack = await socket.ack(clientId);
      return visitor.socket.next((f) => f.message_type === "message" && f.id === ack.id);
    };
    // The visitor sees the display name, never the agent's address.
    expect(await reply("Hello, Ana here.")).toMatchObject({
      sender: "support",
      sender_type: "agent",
      sender_username: "Ana Lima",
    });
    const renamed = await ana.browser.patch("/api/agent/me", { name: "Ana from Hourline" });
    expect(renamed.status).toBe(200);
    // The socket opened before the change sends with the new name.
    expect(await reply("Still me.")).toMatchObject({ sender_username: "Ana from Hourline" });
    // An admin's rename reaches the same open socket.
    const byAdmin = await ctx.admin.browser.patch(`/api/agent/agents/${ana.agent.id}`, {
      name: "Ana L.",
    });
    expect(byAdmin.status).toBe(200);
    expect(await reply("Once more.")).toMatchObject({ sender_username: "Ana L." });
    // The history keeps the name each message was sent with.
    const history = await visitor.browser.get(
      `/api/support/get_message/${encodeURIComponent(visitor.email)}/`,
    );
    expect((history.body as { sender_username: string }[]).map((m) => m.sender_username)).toEqual([
      "Ana Lima",
      "Ana from Hourline",
      "Ana L.",
    ]);
    expect((history.body as { sender: string }[]).map((m) => m.sender)).toEqual([
      "support",
      "support",
      "support",
    ]);
    expect(JSON.stringify(history.body)).not.toContain(ana.agent.email);
    expect(JSON.stringify(visitor.socket.frames)).not.toContain(ana.agent.email);
    // The console still sees who wrote it.
    const asAgent = await ana.browser.get(
      `/api/agent/conversations/${visitor.conversationId}/messages`,
    );
    expect((asAgent.body as { sender: string }[]).map((m) => m.sender)).toEqual([
      ana.agent.email,
      ana.agent.email,
      ana.agent.email,
    ]);
    socket.close();
    visitor.socket.close();
  });

  it("a password change ends the agent's other sessions and sockets, and keeps this one", async () => {
    const bo = await ctx.newAgent("Bo");
    const elsewhere = await signIn(ctx.server, bo.agent.email, PASSWORD);
    const mine = await agentSocket(bo.browser);
    const theirs = await agentSocket(elsewhere.browser);
    const res = await bo.browser.post("/api/agent/me/password", {
      current_password: PASSWORD,
      new_password: "a new password for Bo",
      extra: "ignored",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200 });
    expect(await theirs.closed).toEqual({ code: 4401, reason: "Signed out" });
    expect((await elsewhere.browser.get("/api/agent/me")).body).toEqual(SIGN_IN);
    expect((await bo.browser.get("/api/agent/me")).status).toBe(200);
    expect(mine.ws.readyState).toBe(mine.ws.OPEN);
    expect((await ctx.login(bo.agent.email, PASSWORD)).body).toEqual(INCORRECT);
    expect((await ctx.login(bo.agent.email, "a new password for Bo")).status).toBe(200);
    mine.close();
  });

  it.each(
    titled<Fields>([
      [
        {},
        {
          current_password: "Please enter your current password.",
          new_password: "Please choose a password.",
        },
      ],
      [
        { current_password: "", new_password: "long enough password" },
        { current_password: "Please enter your current password." },
      ],
      [
        { current_password: "x".repeat(1025), new_password: "long enough password" },
        { current_password: "That password is too long." },
      ],
      [
        { current_password: PASSWORD, new_password: "short pw" },
        { new_password: "The password must have at least 12 characters." },
      ],
      [
        { current_password: PASSWORD, new_password: "y".repeat(1025) },
        { new_password: "The password must have at most 1024 characters." },
      ],
      [
        { current_password: PASSWORD, new_password: 123456789012345 },
        { new_password: "Please choose a password." },
      ],
    ]),
  )("POST /me/password refuses %s with 400", async (_title, body, fields) => {
    const res = await ctx.admin.browser.post("/api/agent/me/password", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(fields));
  });

  it("refuses a wrong current password with 400 and changes nothing", async () => {
    const cy = await ctx.newAgent("Cy");
    const res = await cy.browser.post("/api/agent/me/password", {
      current_password: "not my password at all",
      new_password: "a new password for Cy",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      invalid({ current_password: "Your current password is not correct." }),
    );
    expect((await cy.browser.get("/api/agent/me")).status).toBe(200);
    expect((await ctx.login(cy.agent.email, "a new password for Cy")).body).toEqual(INCORRECT);
    expect((await ctx.login(cy.agent.email, PASSWORD)).status).toBe(200);
  });

  it("counts wrong current passwords as failed sign-ins of that address", async () => {
    const di = await ctx.newAgent("Di");
    const tooMany = {
      status: 429,
      error: {
        code: "rate_limited",
        message: "Too many attempts. Please try again in 15 minutes.",
      },
    };
    // 10 wrong passwords here and 10 failed sign-ins make the 20 failures an address may have.
    for (let i = 0; i < 10; i++) {
      const res = await di.browser.post("/api/agent/me/password", {
        current_password: `wrong guess ${i}`,
        new_password: "a new password for Di",
      });
      expect(res.status).toBe(400);
    }
    for (let i = 0; i < 10; i++) {
      expect((await ctx.login(di.agent.email, `wrong sign-in ${i}`)).status).toBe(401);
    }
    const signInNow = await ctx.login(di.agent.email, PASSWORD);
    expect(signInNow.status).toBe(429);
    expect(signInNow.body).toEqual(tooMany);
    const change = await di.browser.post("/api/agent/me/password", {
      current_password: PASSWORD,
      new_password: "a new password for Di",
    });
    expect(change.status).toBe(429);
    expect(change.body).toEqual(tooMany);
    const retryAfter = Number(change.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The session itself goes on.
    expect((await di.browser.get("/api/agent/me")).status).toBe(200);
  });

  it("clears the address's failures once the current password is right, as a sign-in does", async () => {
    const ed = await ctx.newAgent("Ed");
    for (let i = 0; i < 15; i++) {
      const res = await ed.browser.post("/api/agent/me/password", {
        current_password: `wrong guess ${i}`,
        new_password: "a new password for Ed",
      });
      expect(res.status).toBe(400);
    }
    const change = await ed.browser.post("/api/agent/me/password", {
      current_password: PASSWORD,
      new_password: "a new password for Ed",
    });
    expect(change.status).toBe(200);
    // Counted on from 15, these would pass the 20 failures an address may have.
    for (let i = 0; i < 15; i++) {
      expect((await ctx.login(ed.agent.email, `wrong sign-in ${i}`)).status).toBe(401);
    }
    expect((await ctx.login(ed.agent.email, "a new password for Ed")).status).toBe(200);
  });
});
