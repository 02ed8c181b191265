/**
 * Contact messages in the support console (GET /api/agent/contact-messages?q=&filter=, PATCH
 * /api/agent/contact-messages/{id}): newest first, searched in name, e-mail, phone and text with
 * LIKE's wildcards taken literally, filtered by unread and unhandled, and read/handled state shared
 * by every agent and pushed to every agent socket. SQLite and PostgreSQL.
 */
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FrameSocket } from "../../../../test/chat-harness";
import { agentSocket, type SignedIn } from "../../../../test/console-clients";
import {
  TOO_LARGE,
  describeConsole,
  invalid,
  notFound,
  postgresFor,
  titled,
  type Fields,
} from "../../../../test/console-suite";
import { insertContactMessage } from "../../../repositories/contact-messages";

const pgUp = await postgresFor("the console contact-messages test");

describeConsole("contact messages", pgUp, (ctx) => {
  const t0 = Date.now() - 86_400_000;
  const ids: Record<string, number> = {};
  let ana: SignedIn;
  let sockets: FrameSocket[] = [];

  const names = (list: unknown) => (list as ContactMessageSummary[]).map((m) => m.name);
  const search = async (query: string) => {
    const res = await ctx.admin.browser.get(`/api/agent/contact-messages${query}`);
    expect(res.status, query).toBe(200);
    return names(res.body);
  };

  beforeAll(async () => {
    const rows = [
      {
        name: "Maria Gómez",
        email: "maria@acme.example",
        phone: "+1 555 0100",
        message: "Do you offer 50% off for charities?",
      },
      { name: "Li Wei", email: "li.wei@example.com", message: "Pricing for 40_people please." },
      { name: "ACME Buyer", email: "buyer@shop.example", message: "We have 500 users. Quote?" },
      { name: "ÉLODIE DURAND", email: "elodie@example.fr", message: "Bonjour, une démo ?" },
      {
        name: "Path Person",
        email: "path@example.com",
        phone: "0044 20 7946 0000",
        message: "Our files live in C:\\Shared\\HR.",
      },
    ];
    for (const [i, row] of rows.entries()) {
      ids[row.name] = await insertContactMessage(ctx.server.app.database.db, {
        phone: undefined,
        ...row,
        receivedAt: t0 + i * 1000,
        ipHash: "h",
        userAgent: undefined,
      });
    }
    ana = await ctx.newAgent("Ana Contact");
    sockets = [await agentSocket(ctx.admin.browser), await agentSocket(ana.browser)];
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  const idOf = (name: string) => {
    const id = ids[name];
    if (id === undefined) throw new Error(`no contact message from ${name}`);
    return id;
  };

  it("lists them newest first, with their state", async () => {
    const res = await ctx.admin.browser.get("/api/agent/contact-messages");
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([
      "Path Person",
      "ÉLODIE DURAND",
      "ACME Buyer",
      "Li Wei",
      "Maria Gómez",
    ]);
    expect((res.body as ContactMessageSummary[])[4]).toEqual({
      id: idOf("Maria Gómez"),
      name: "Maria Gómez",
      email: "maria@acme.example",
      phone: "+1 555 0100",
      message: "Do you offer 50% off for charities?",
      received_at: t0,
      read: false,
      handled: false,
      handled_at: null,
      handled_by: null,
    });
    expect(await search("?filter=all&q=")).toEqual(names(res.body));
  });

  it.each([
    ["maria", ["Maria Gómez"]],
    ["MARIA", ["Maria Gómez"]],
    ["gómez", ["Maria Gómez"]],
    ["GÓMEZ", ["Maria Gómez"]],
    ["élodie", ["ÉLODIE DURAND"]],
    ["Élodie", ["ÉLODIE DURAND"]],
    ["DÉMO", ["ÉLODIE DURAND"]],
    ["acme", ["ACME Buyer", "Maria Gómez"]],
    ["LI.WEI@EXAMPLE", ["Li Wei"]],
    ["555 0100", ["Maria Gómez"]],
    ["  quote?  ", ["ACME Buyer"]],
    // LIKE's wildcards and its escape character are taken literally.
    ["50%", ["Maria Gómez"]],
    ["%", ["Maria Gómez"]],
    ["_", ["Li Wei"]],
    ["40_p", ["Li Wei"]],
    ["\\", ["Path Person"]],
    ["C:\\Shared", ["Path Person"]],
    ["nobody wrote this", []],
    // No stored message holds a NUL (PostgreSQL cannot): it is dropped from the search.
    ["mar\u0000ia", ["Maria Gómez"]],
    ["   ", ["Path Person", "ÉLODIE DURAND", "ACME Buyer", "Li Wei", "Maria Gómez"]],
  ])("finds %j in name, e-mail, phone or text", async (q, expected) => {
    expect(await search(`?q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it("refuses a search that is too long or a filter it does not know", async () => {
    expect(await search(`?q=${"a".repeat(200)}`)).toEqual([]);
    const long = await ctx.admin.browser.get(`/api/agent/contact-messages?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual(invalid({ q: "Please search for 200 characters or fewer." }));
    for (const filter of ["bogus", "UNREAD", ""]) {
      const res = await ctx.admin.browser.get(`/api/agent/contact-messages?filter=${filter}`);
      expect(res.status, filter).toBe(400);
      expect(res.body).toEqual(invalid({ filter: "filter must be all, unread or unhandled" }));
    }
    const twice = await ctx.admin.browser.get("/api/agent/contact-messages?q=a&q=b");
    expect(twice.status).toBe(400);
    // zod's own words for a repeated parameter; what matters is that q is named.
    expect(twice.body).toEqual(invalid({ q: expect.any(String) }));
  });

  it("marks read and handled for every agent, pushed to every agent socket", async () => {
    const maria = idOf("Maria Gómez");
    const from = sockets.map((s) => s.frames.length);
    const read = await ana.browser.patch(`/api/agent/contact-messages/${maria}`, {
      read: true,
      message: "rewritten",
      email: "x@evil.example",
    });
    expect(read.status).toBe(200);
    const readMessage = {
      id: maria,
      name: "Maria Gómez",
      email: "maria@acme.example",
      phone: "+1 555 0100",
      message: "Do you offer 50% off for charities?",
      received_at: t0,
      read: true,
      handled: false,
      handled_at: null,
      handled_by: null,
    };
    expect(read.body).toEqual({ status: 200, message: readMessage });
    for (const [i, socket] of sockets.entries()) {
      const frame = await socket.next(
        (f) => f.message_type === "contact_message" && f.id === maria,
        5000,
        from[i],
      );
      expect(frame).toEqual({ message_type: "contact_message", ...readMessage });
    }
    expect(await search("?filter=unread")).toEqual([
      "Path Person",
      "ÉLODIE DURAND",
      "ACME Buyer",
      "Li Wei",
    ]);

    const before = Date.now();
    const handled = await ctx.admin.browser.patch(`/api/agent/contact-messages/${maria}`, {
      handled: true,
    });
    expect(handled.status).toBe(200);
    const handledMessage = (handled.body as { message: ContactMessageSummary }).message;
    expect(handledMessage).toEqual({
      ...readMessage,
      handled: true,
      handled_at: expect.any(Number),
      handled_by: "Support",
    });
    expect(handledMessage.handled_at).toBeGreaterThanOrEqual(before);
    for (const socket of sockets) {
      await socket.next(
        (f) => f.message_type === "contact_message" && f.id === maria && f.handled === true,
      );
    }
    // Handled does not mean read.
    const li = await ana.browser.patch(`/api/agent/contact-messages/${idOf("Li Wei")}`, {
      handled: true,
    });
    expect(li.body).toMatchObject({
      message: { read: false, handled: true, handled_by: "Ana Contact" },
    });
    expect(await search("?filter=unhandled")).toEqual([
      "Path Person",
      "ÉLODIE DURAND",
      "ACME Buyer",
    ]);
    expect(await search("?filter=unread")).toEqual([
      "Path Person",
      "ÉLODIE DURAND",
      "ACME Buyer",
      "Li Wei",
    ]);
    expect(await search("?q=acme&filter=unhandled")).toEqual(["ACME Buyer"]);
    expect(await search("?q=acme&filter=unread")).toEqual(["ACME Buyer"]);

    // Both at once, back: unread and not handled, with no one recorded.
    const undo = await ana.browser.patch(`/api/agent/contact-messages/${maria}`, {
      read: false,
      handled: false,
    });
    expect(undo.body).toEqual({ status: 200, message: { ...readMessage, read: false } });
    expect(await search("?filter=unhandled")).toEqual([
      "Path Person",
      "ÉLODIE DURAND",
      "ACME Buyer",
      "Maria Gómez",
    ]);
  });

  it("names the handling agent by their current name", async () => {
    const li = idOf("Li Wei");
    expect((await ana.browser.patch("/api/agent/me", { name: "Ana Renamed" })).status).toBe(200);
    const list = (await ctx.admin.browser.get("/api/agent/contact-messages?q=li.wei")).body;
    expect(list).toMatchObject([{ id: li, handled: true, handled_by: "Ana Renamed" }]);
  });

  it.each(
    titled<Fields>([
      [{}, { body: "Say what changes: read, handled or both." }],
      [{ read: "yes" }, { read: "read must be true or false." }],
      [{ handled: 1 }, { handled: "handled must be true or false." }],
      [{ read: null }, { read: "read must be true or false." }],
      [{ message: "only unknown fields" }, { body: "Say what changes: read, handled or both." }],
    ]),
  )("PATCH refuses %s with 400", async (_title, body, fields) => {
    const res = await ctx.admin.browser.patch(
      `/api/agent/contact-messages/${idOf("ACME Buyer")}`,
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(fields));
  });

  it("PATCH answers 404 for a message that does not exist and 413 for a big body", async () => {
    const res = await ctx.admin.browser.patch("/api/agent/contact-messages/999999999", {
      read: true,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound("No such contact message."));
    const big = await ctx.admin.browser.patch(`/api/agent/contact-messages/${idOf("ACME Buyer")}`, {
      read: true,
      note: "x".repeat(1024),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(TOO_LARGE);
  });
});
