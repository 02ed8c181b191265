/**
 * Agents, for admins (GET/POST /api/agent/agents, PATCH /api/agent/agents/{id}, POST
 * /api/agent/agents/{id}/password): 403 for an agent who is not an admin, adding, renaming,
 * promoting, disabling (every session and socket ends at once) and resetting a password (the same),
 * and the rules that keep the console an admin: none disables or demotes themselves, and two admins
 * removing each other at once leave one. SQLite and PostgreSQL.
 */
import type { AgentAccount } from "@hourline/contracts/console";
import { sql, type Kysely } from "kysely";
import { expect, it } from "vitest";
import { uniqueEmail } from "../../../../test/chat-harness";
import { ADMIN, INCORRECT, SIGN_IN, agentSocket, signIn } from "../../../../test/console-clients";
import {
  ADMINS_ONLY,
  PASSWORD,
  conflict,
  describeConsole,
  invalid,
  notFound,
  postgresFor,
  titled,
  type Fields,
} from "../../../../test/console-suite";
import type { Database } from "../../../db/schema";
import { listAgents } from "../../../repositories/agents";

const pgUp = await postgresFor("the console agents test");

/**
 * Makes every agent session check wait until the returned function is called, so requests sent
 * meanwhile all pass their checks together: SQLite runs one transaction at a time on its one
 * connection, and on PostgreSQL the session table is locked.
 */
async function holdSessionChecks(db: Kysely<Database>, pg: boolean): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = () => {};
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.transaction().execute(async (trx) => {
    if (pg) await sql`lock table agent_sessions in access exclusive mode`.execute(trx);
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await done;
  };
}

describeConsole("agents, for admins", pgUp, (ctx) => {
  it("refuses every admin route to an agent who is not an admin", async () => {
    const plain = await ctx.newAgent("Plain Agent");
    const email = uniqueEmail("never");
    const answers = [
      await plain.browser.get("/api/agent/agents"),
      await plain.browser.post("/api/agent/agents", {
        email,
        name: "Never",
        role: "admin",
        password: PASSWORD,
      }),
      await plain.browser.patch(`/api/agent/agents/${plain.agent.id}`, { role: "admin" }),
      await plain.browser.patch(`/api/agent/agents/${ctx.admin.agent.id}`, { disabled: true }),
      await plain.browser.post(`/api/agent/agents/${ctx.admin.agent.id}/password`, {
        password: "taken over by plain",
      }),
      // Refused before the body is read: a bad one says nothing about what the route accepts.
      await plain.browser.post("/api/agent/agents", { email: "not-an-address" }),
      await plain.browser.patch("/api/agent/agents/not-a-number", {}),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(ADMINS_ONLY);
    }
    const accounts = (await ctx.admin.browser.get("/api/agent/agents")).body as AgentAccount[];
    expect(accounts.some((a) => a.email === email)).toBe(false);
    expect(accounts.find((a) => a.id === plain.agent.id)).toMatchObject({ role: "agent" });
    expect(accounts.find((a) => a.id === ctx.admin.agent.id)).toMatchObject({
      role: "admin",
      disabled: false,
    });
    expect((await ctx.login(ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it("lists agents oldest first, with who is connected", async () => {
    const socket = await agentSocket(ctx.admin.browser);
    const res = await ctx.admin.browser.get("/api/agent/agents");
    expect(res.status).toBe(200);
    const accounts = res.body as AgentAccount[];
    expect(accounts[0]).toEqual({
      id: ctx.admin.agent.id,
      name: "Support",
      email: ADMIN.email,
      role: "admin",
      disabled: false,
      created_at: expect.any(Number),
      online: true,
      availability: "online",
    });
    expect(accounts.map((a) => a.id)).toEqual([...accounts.map((a) => a.id)].sort((a, b) => a - b));
    socket.close();
    await socket.closed;
    await expect
      .poll(
        async () =>
          ((await ctx.admin.browser.get("/api/agent/agents")).body as AgentAccount[])[0]?.online,
      )
      .toBe(false);
  });

  it("tells every agent when another agent's first console connects and last one closes", async () => {
    const watcher = await agentSocket(ctx.admin.browser);
    const nia = await ctx.newAgent("Presence Nia");
    const presence = (online: boolean) =>
      watcher.frames.filter(
        (f) =>
          f.message_type === "agent_presence" && f.agent_id === nia.agent.id && f.online === online,
      );
    const first = await agentSocket(nia.browser);
    expect(
      await watcher.next((f) => f.message_type === "agent_presence" && f.agent_id === nia.agent.id),
    ).toEqual({ message_type: "agent_presence", agent_id: nia.agent.id, online: true });
    // A second console of hers: still one arrival; closing one of two: no departure yet.
    const second = await agentSocket(nia.browser);
    first.close();
    await first.closed;
    // Another agent coming and going after that: once their departure is heard, Nia's would
    // have been too.
    const marker = await ctx.newAgent("Presence Marker");
    const markerSocket = await agentSocket(marker.browser);
    markerSocket.close();
    await markerSocket.closed;
    await watcher.next(
      (f) =>
        f.message_type === "agent_presence" && f.agent_id === marker.agent.id && f.online === false,
    );
    expect(presence(true)).toHaveLength(1);
    expect(presence(false)).toHaveLength(0);
    second.close();
    await second.closed;
    expect(
      await watcher.next(
        (f) =>
          f.message_type === "agent_presence" && f.agent_id === nia.agent.id && f.online === false,
      ),
    ).toEqual({ message_type: "agent_presence", agent_id: nia.agent.id, online: false });
    watcher.close();
    await watcher.closed;
  });

  it("adds an agent who can sign in at once; an address is taken whatever its case", async () => {
    const before = Date.now();
    const res = await ctx.admin.browser.post("/api/agent/agents", {
      email: "  Nia.Okafor@Hourline.example ",
      name: " Nia Okafor ",
      role: "agent",
      password: PASSWORD,
      disabled: true,
      id: 1,
    });
    expect(res.status).toBe(201);
    const nia = (res.body as { agent: AgentAccount }).agent;
    expect(res.body).toEqual({
      status: 201,
      agent: {
        id: expect.any(Number),
        name: "Nia Okafor",
        email: "nia.okafor@hourline.example",
        role: "agent",
        disabled: false,
        created_at: expect.any(Number),
        online: false,
        availability: "offline",
      },
    });
    expect(nia.created_at).toBeGreaterThanOrEqual(before);
    const signedIn = await ctx.login("nia.okafor@hourline.example", PASSWORD);
    expect(signedIn.body).toEqual({
      status: 200,
      agent: { id: nia.id, name: "Nia Okafor", email: nia.email, role: "agent" },
    });
    const taken = await ctx.admin.browser.post("/api/agent/agents", {
      email: "NIA.OKAFOR@hourline.example",
      name: "Another Nia",
      role: "admin",
      password: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(
      conflict("That e-mail address is taken.", {
        email: "An agent with this e-mail address already exists.",
      }),
    );
    const admins = (await ctx.admin.browser.get("/api/agent/agents")).body as AgentAccount[];
    expect(admins.filter((a) => a.email === nia.email)).toHaveLength(1);
  });

  it.each(
    titled<Fields>([
      [
        {},
        {
          email: "Please enter an e-mail address.",
          name: "Please enter a name.",
          role: "The role is admin or agent.",
          password: "Please choose a password.",
        },
      ],
      [
        { email: "not-an-address", name: "N", role: "agent", password: PASSWORD },
        { email: "Please enter a valid e-mail address, like name@company.com." },
      ],
      [
        { email: "n@hourline.example", name: "N", role: "owner", password: PASSWORD },
        { role: "The role is admin or agent." },
      ],
      [
        { email: "n@hourline.example", name: "N", role: "agent", password: "eleven char" },
        { password: "The password must have at least 12 characters." },
      ],
      [
        { email: "n@hourline.example", name: "N\u0007", role: "agent", password: PASSWORD },
        { name: "Please use only letters, spaces and punctuation." },
      ],
    ]),
  )("POST /agents refuses %s with 400", async (_title, body, fields) => {
    const res = await ctx.admin.browser.post("/api/agent/agents", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(fields));
  });

  it("changes an agent's name and role; the role counts from the next request", async () => {
    const eve = await ctx.newAgent("Eve");
    expect((await eve.browser.get("/api/agent/agents")).status).toBe(403);
    const promoted = await ctx.admin.browser.patch(`/api/agent/agents/${eve.agent.id}`, {
      role: "admin",
      name: "Eve Admin",
      email: "changed@evil.example",
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({
      status: 200,
      agent: {
        id: eve.agent.id,
        name: "Eve Admin",
        email: eve.agent.email,
        role: "admin",
        disabled: false,
        created_at: expect.any(Number),
        online: false,
        availability: "offline",
      },
    });
    expect((await eve.browser.get("/api/agent/me")).body).toMatchObject({
      agent: { role: "admin", name: "Eve Admin" },
    });
    expect((await eve.browser.get("/api/agent/agents")).status).toBe(200);
    // Another admin takes the role back; from her next request Eve is refused again.
    const demoted = await ctx.admin.browser.patch(`/api/agent/agents/${eve.agent.id}`, {
      role: "agent",
    });
    expect(demoted.body).toMatchObject({ agent: { role: "agent" } });
    expect((await eve.browser.get("/api/agent/agents")).body).toEqual(ADMINS_ONLY);
  });

  it("never lets an admin disable or demote themselves (409)", async () => {
    const url = `/api/agent/agents/${ctx.admin.agent.id}`;
    const disable = await ctx.admin.browser.patch(url, { disabled: true });
    expect(disable.status).toBe(409);
    expect(disable.body).toEqual(conflict("You cannot disable your own account."));
    const demote = await ctx.admin.browser.patch(url, { role: "agent" });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual(conflict("You cannot take the admin role from yourself."));
    // A change that mixes a refused part with an allowed one changes nothing.
    const mixed = await ctx.admin.browser.patch(url, { name: "Renamed Support", role: "agent" });
    expect(mixed.status).toBe(409);
    expect((await ctx.admin.browser.get("/api/agent/me")).body).toMatchObject({
      agent: { name: "Support", role: "admin" },
    });
    // Keeping their own role and staying enabled is fine.
    const same = await ctx.admin.browser.patch(url, { role: "admin", disabled: false });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ agent: { role: "admin", disabled: false } });
  });

  it("disables an agent: every session ends at once, sign-in is refused, enabling lets them back", async () => {
    const fay = await ctx.newAgent("Fay");
    const second = await signIn(ctx.server, fay.agent.email, PASSWORD);
    const socket = await agentSocket(fay.browser);
    const res = await ctx.admin.browser.patch(`/api/agent/agents/${fay.agent.id}`, {
      disabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      agent: { id: fay.agent.id, name: "Fay", role: "agent", disabled: true },
    });
    expect(await socket.closed).toEqual({ code: 4401, reason: "Signed out" });
    for (const browser of [fay.browser, second.browser]) {
      expect((await browser.get("/api/agent/me")).body).toEqual(SIGN_IN);
    }
    expect((await ctx.login(fay.agent.email, PASSWORD)).body).toEqual(INCORRECT);
    const listed = (await ctx.admin.browser.get("/api/agent/agents")).body as AgentAccount[];
    expect(listed.find((a) => a.id === fay.agent.id)).toMatchObject({
      disabled: true,
      online: false,
      availability: "offline",
    });
    const enabled = await ctx.admin.browser.patch(`/api/agent/agents/${fay.agent.id}`, {
      disabled: false,
    });
    expect(enabled.body).toMatchObject({ agent: { disabled: false } });
    expect((await fay.browser.get("/api/agent/me")).status).toBe(401);
    expect((await ctx.login(fay.agent.email, PASSWORD)).status).toBe(200);
  });

  it("sets a new password for an agent, ending every session of theirs", async () => {
    const gus = await ctx.newAgent("Gus");
    const socket = await agentSocket(gus.browser);
    const res = await ctx.admin.browser.post(`/api/agent/agents/${gus.agent.id}/password`, {
      password: "set by the admin 2026",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200 });
    expect(await socket.closed).toEqual({ code: 4401, reason: "Signed out" });
    expect((await gus.browser.get("/api/agent/me")).body).toEqual(SIGN_IN);
    expect((await ctx.login(gus.agent.email, PASSWORD)).body).toEqual(INCORRECT);
    expect((await ctx.login(gus.agent.email, "set by the admin 2026")).status).toBe(200);
    // The admin's own session is untouched.
    expect((await ctx.admin.browser.get("/api/agent/me")).status).toBe(200);

    const short = await ctx.admin.browser.post(`/api/agent/agents/${gus.agent.id}/password`, {
      password: "short",
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual(
      invalid({ password: "The password must have at least 12 characters." }),
    );
  });

  it.each([
    ["PATCH", "/api/agent/agents/999999999", { name: "Nobody" }],
    ["POST", "/api/agent/agents/999999999/password", { password: "long enough password" }],
  ] as const)("%s %s answers 404 for an agent that does not exist", async (method, url, body) => {
    const res = await ctx.admin.browser.request(method, url, body);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound("No such agent."));
  });

  it.each(
    titled<Fields>([
      [{}, { body: "Say what changes: name, role or disabled." }],
      [{ email: "x@y.example" }, { body: "Say what changes: name, role or disabled." }],
      [{ disabled: "true" }, { disabled: "disabled must be true or false." }],
      [{ role: "superuser" }, { role: "The role is admin or agent." }],
      [{ name: "" }, { name: "Please enter a name." }],
    ]),
  )("PATCH /agents/:id refuses %s with 400", async (_title, body, fields) => {
    const res = await ctx.admin.browser.patch(`/api/agent/agents/${ctx.admin.agent.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(fields));
  });

  it("never leaves the console without an enabled admin, even when two admins act at once", async () => {
    const db = ctx.server.app.database.db;
    // Each round, two admins (the only ones) try to remove each other at the same moment.
    for (const change of [{ role: "agent" }, { disabled: true }]) {
      const one = await ctx.newAgent("Admin One", "admin");
      const two = await ctx.newAgent("Admin Two", "admin");
      await db
        .updateTable("agents")
        .set({ role: "agent" })
        .where("id", "=", ctx.admin.agent.id)
        .execute();
      try {
        // Both requests wait at their session check, then go on together.
        const release = await holdSessionChecks(db, ctx.pg);
        const both = Promise.all([
          one.browser.patch(`/api/agent/agents/${two.agent.id}`, change),
          two.browser.patch(`/api/agent/agents/${one.agent.id}`, change),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await release();
        const statuses = (await both).map((r) => r.status).sort();
        const enabledAdmins = (await listAgents(db)).filter(
          (a) => a.role === "admin" && !a.disabled,
        );
        expect(enabledAdmins.length).toBe(1);
        // One wins; the other is refused: the last-admin rule (409), or no longer an admin
        // (403) or no longer enabled (401) by the time its session was read.
        expect(statuses[0]).toBe(200);
        expect([401, 403, 409]).toContain(statuses[1]);
      } finally {
        await db
          .updateTable("agents")
          .set({ role: "agent", disabled: 1 })
          .where("id", "in", [one.agent.id, two.agent.id])
          .execute();
        await db
          .updateTable("agents")
          .set({ role: "admin" })
          .where("id", "=", ctx.admin.agent.id)
          .execute();
      }
    }
  });
});
