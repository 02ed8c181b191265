/**
 * Conversations in the support console over real HTTP and sockets: one conversation with its
 * visitor (name, first seen, online, transcript asked for) and their other conversations; marking
 * read, which moves the unread count for every agent (a `conversation` frame on every agent
 * socket); an agent's image into an open chat (stored, served to agents and the visitor, sent as
 * a message; SVG 415, ended chat 409, unknown 404); what the agent socket pushes besides messages
 * (visitor presence, who is typing); and ids in paths, which are a 400 or a 404 on every console
 * route, never a 500. SQLite and PostgreSQL.
 */
import { chatLimits, imageMessageHtml } from "@hourline/contracts/chat-message";
import { type ConversationSummary } from "@hourline/contracts/console-inbox";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  chattingVisitor,
  newClientId,
  uniqueEmail,
  verifyVisitor,
  type Frame,
  type FrameSocket,
} from "../../../../test/chat-harness";
import { insertConversation, insertMessage } from "../../../../test/chat-rows";
import {
  ClientBrowser,
  agentSocket,
  fetchBytes,
  uploadImage,
  type ImageFile,
  type SignedIn,
} from "../../../../test/console-clients";
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
import { solid, svgWithProlog, svgWithScript } from "../../../../test/image-fixtures";
import { presenceKeys } from "../../../chat/broker-channels";

const pgUp = await postgresFor("the console conversations test");

const NO_SUCH_CONVERSATION = notFound("No such conversation.");

describeConsole("conversations", pgUp, (ctx) => {
  let ana: SignedIn;
  beforeAll(async () => {
    ana = await ctx.newAgent("Ana Lima");
  });

  const conversationsPath = (id: number | string) => `/api/agent/conversations/${id}`;

  /** The conversation as GET /api/agent/conversations lists it. */
  async function listed(id: number, state: "open" | "ended" = "open") {
    const res = await ctx.admin.browser.get(`/api/agent/conversations?state=${state}`);
    expect(res.status).toBe(200);
    const found = (res.body as ConversationSummary[]).find((c) => c.id === id);
    if (!found) throw new Error(`conversation ${id} is not listed as ${state}`);
    return found;
  }

  /** A visitor's message over their socket, acknowledged. */
  async function visitorSays(socket: FrameSocket, text: string): Promise<number> {
    const clientId = newClientId();
    socket.send({ message: text, msg_type: "text", client_id: clientId });
    return Number((await socket.ack(clientId)).id);
  }

  it("GET /conversations/{id}: the conversation, its visitor and their other conversations", async () => {
    const db = ctx.server.app.database.db;
    const email = uniqueEmail("tara");
    const t0 = Date.now() - 3 * 3600_000;
    const older = await insertConversation(db, {
      email,
      name: "T. Joshi",
      startedAt: t0,
      state: "ended",
      endedAt: t0 + 600_000,
      endedBy: "visitor",
    });
    const newer = await insertConversation(db, {
      email,
      name: "Tara",
      startedAt: t0 + 3600_000,
      state: "ended",
      endedAt: t0 + 3900_000,
      endedBy: "agent",
    });
    const newerMessage = await insertMessage(db, newer, "agent", "Glad to help!", t0 + 3700_000);
    await insertConversation(db, { email: uniqueEmail("someone.else"), startedAt: t0 });

    const browser = new Browser(ctx.server);
    await verifyVisitor(browser, ctx.server.sink, email);
    const registered = await browser.post("/api/support/register", {
      username: "Tara Joshi",
      email,
      transcript: true,
    });
    expect(registered.status).toBe(200);
    const id = (registered.body as { conversation_id: number }).conversation_id;
    const adminSocket = await agentSocket(ctx.admin.browser);
    const visitor = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
    await visitor.opened;
    await adminSocket.next(
      (f) =>
        f.message_type === "visitor_presence" && f.visitor_email === email && f.online === true,
    );
    const said = await visitorSays(visitor, "Can I export my timesheets?");

    const firstSeen = (
      await db
        .selectFrom("chat_visitors")
        .select("created_at")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).created_at;
    const res = await ana.browser.get(conversationsPath(id));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const conversation = await listed(id);
    expect(conversation).toEqual({
      id,
      visitor_name: "Tara Joshi",
      visitor_email: email,
      state: "open",
      started_at: expect.any(Number),
      ended_at: null,
      ended_by: null,
      last_message: expect.objectContaining({ id: said, message: "Can I export my timesheets?" }),
      unread: 1,
      waiting_since: expect.any(Number),
      visitor_online: true,
      missed: false,
      assignee: null,
      activity_at: expect.any(Number),
    });
    const earlierOf = (summary: ConversationSummary) => ({ ...summary, visitor_online: true });
    expect(res.body).toEqual({
      status: 200,
      conversation,
      visitor: {
        email,
        // The name the visitor gave last, whatever earlier conversations were called.
        name: "Tara Joshi",
        first_seen_at: firstSeen,
        online: true,
        transcript_requested: true,
        language: "en",
        context: {},
      },
      // Newest first; another visitor's conversation is not among them.
      earlier: [
        earlierOf({
          id: newer,
          visitor_name: "Tara",
          visitor_email: email,
          state: "ended",
          started_at: t0 + 3600_000,
          ended_at: t0 + 3900_000,
          ended_by: "agent",
          last_message: {
            id: newerMessage,
            client_id: null,
            conversation_id: newer,
            sender: "agent@hourline.example",
            receiver: "visitor@example.com",
            message: "Glad to help!",
            msg_type: "text",
            sender_username: "Support",
            sender_type: "agent",
            created_at: t0 + 3700_000,
          },
          unread: 0,
          waiting_since: null,
          visitor_online: false,
          missed: false,
          assignee: null,
          activity_at: t0 + 3900_000,
        }),
        earlierOf(await listed(older, "ended")),
      ],
    });
    // Reading the detail marks nothing read.
    expect((await listed(id)).unread).toBe(1);

    // The visitor leaves: every agent hears it, and the detail says so.
    visitor.close();
    await adminSocket.next(
      (f) =>
        f.message_type === "visitor_presence" && f.visitor_email === email && f.online === false,
    );
    const offline = (await ana.browser.get(conversationsPath(id))).body as {
      visitor: { online: boolean };
      conversation: ConversationSummary;
      earlier: ConversationSummary[];
    };
    expect(offline.visitor.online).toBe(false);
    expect(offline.conversation.visitor_online).toBe(false);
    expect(offline.earlier.map((c) => c.visitor_online)).toEqual([false, false]);

    // An ended conversation's detail lists the open one among the others; no transcript asked.
    const ended = (await ana.browser.get(conversationsPath(older))).body;
    expect(ended).toMatchObject({
      conversation: { id: older, state: "ended", visitor_name: "T. Joshi" },
      visitor: { name: "Tara Joshi", transcript_requested: false },
    });
    expect((ended as { earlier: { id: number }[] }).earlier.map((c) => c.id)).toEqual([id, newer]);
    adminSocket.close();
  });

  it("GET /conversations/{id} of a visitor who never registered falls back on the conversation", async () => {
    const startedAt = Date.now() - 60_000;
    const email = uniqueEmail("imported");
    const id = await insertConversation(ctx.server.app.database.db, {
      email,
      name: "Imported Visitor",
      startedAt,
    });
    const res = await ana.browser.get(conversationsPath(id));
    expect(res.body).toEqual({
      status: 200,
      conversation: await listed(id),
      visitor: {
        email,
        name: "Imported Visitor",
        first_seen_at: startedAt,
        online: false,
        transcript_requested: false,
        language: "en",
        context: {},
      },
      earlier: [],
    });
    const missing = await ana.browser.get(conversationsPath(999_999_999));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NO_SUCH_CONVERSATION);
  });

  it("POST /conversations/{id}/read moves the unread count for every agent", async () => {
    const adminSocket = await agentSocket(ctx.admin.browser);
    const anaSocket = await agentSocket(ana.browser);
    const visitor = await chattingVisitor(ctx.server, "Ravi Kumar");
    const id = visitor.conversationId;
    const first = await visitorSays(visitor.socket, "Hello?");
    const second = await visitorSays(visitor.socket, "Anyone there?");
    await adminSocket.next((f) => f.message_type === "message" && f.id === second);
    expect((await listed(id)).unread).toBe(2);

    const conversationFrame = (socket: FrameSocket, from: number, unread: number) =>
      socket.next(
        (f) => f.message_type === "conversation" && f.id === id && f.unread === unread,
        5000,
        from,
      );

    let from = [adminSocket.frames.length, anaSocket.frames.length] as const;
    const read = await ana.browser.post(`${conversationsPath(id)}/read`, {
      last_id: first,
      ignored: true,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ status: 200 });
    const pushed = await conversationFrame(adminSocket, from[0], 1);
    await conversationFrame(anaSocket, from[1], 1);
    const summary = await listed(id);
    expect(summary.unread).toBe(1);
    expect(pushed).toEqual({ message_type: "conversation", ...summary });

    // Past the newest message counts as up to it.
    from = [adminSocket.frames.length, anaSocket.frames.length];
    const all = await ctx.admin.browser.post(`${conversationsPath(id)}/read`, {
      last_id: Number.MAX_SAFE_INTEGER,
    });
    expect(all.status).toBe(200);
    await conversationFrame(adminSocket, from[0], 0);
    await conversationFrame(anaSocket, from[1], 0);
    // The read mark never moves back.
    const back = await ana.browser.post(`${conversationsPath(id)}/read`, { last_id: first });
    expect(back.status).toBe(200);
    expect((await listed(id)).unread).toBe(0);
    const third = await visitorSays(visitor.socket, "Still here.");
    await adminSocket.next((f) => f.message_type === "message" && f.id === third);
    expect((await listed(id)).unread).toBe(1);

    for (const socket of [adminSocket, anaSocket, visitor.socket]) socket.close();
  });

  it.each(
    titled<Fields>([
      [{}, { last_id: "last_id must be a message id." }],
      [{ last_id: -1 }, { last_id: "last_id must be a message id." }],
      [{ last_id: "12" }, { last_id: "last_id must be a message id." }],
      [{ last_id: null }, { last_id: "last_id must be a message id." }],
    ]),
  )("POST /conversations/{id}/read refuses %s with 400", async (_title, body, fields) => {
    const id = await insertConversation(ctx.server.app.database.db, {
      email: uniqueEmail(),
      startedAt: Date.now(),
    });
    const res = await ana.browser.post(`${conversationsPath(id)}/read`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(fields));
  });

  it("POST /conversations/{id}/read refuses a fraction, an unknown conversation and a big body", async () => {
    const id = await insertConversation(ctx.server.app.database.db, {
      email: uniqueEmail(),
      startedAt: Date.now(),
    });
    for (const lastId of [1.5, 1e300, Number.MAX_SAFE_INTEGER + 2]) {
      const res = await ana.browser.post(`${conversationsPath(id)}/read`, { last_id: lastId });
      expect(res.status, String(lastId)).toBe(400);
      expect(res.body).toEqual(invalid({ last_id: "last_id must be a message id." }));
    }
    const unknown = await ana.browser.post(`${conversationsPath(999_999_999)}/read`, {
      last_id: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NO_SUCH_CONVERSATION);
    const big = await ana.browser.post(`${conversationsPath(id)}/read`, {
      last_id: 1,
      padding: "x".repeat(1024),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(TOO_LARGE);
  });

  describe("an agent's image", () => {
    const png = (data: Buffer): ImageFile => ({ data, filename: "photo.png", type: "image/png" });
    const uploads = async () =>
      (await ctx.server.app.database.db.selectFrom("chat_uploads").select("id").execute()).length;

    it("is stored, served to agents and to the visitor, and sent as an image message", async () => {
      const visitor = await chattingVisitor(ctx.server, "Mei Chen");
      const anaSocket = await agentSocket(ana.browser);
      const upload = await uploadImage(
        ctx.server,
        ana.browser,
        `${conversationsPath(visitor.conversationId)}/upload`,
        png(await solid("png", 40, 20)),
      );
      expect(upload.status).toBe(200);
      expect(upload.body).toEqual({ status: 200, url: expect.any(String) });
      const { url } = upload.body as { url: string };
      expect(url).toMatch(/^\/api\/support\/uploads\/[\w-]{32}\.png$/);

      for (const browser of [ana.browser, ctx.admin.browser]) {
        const served = await fetchBytes(ctx.server, browser, url);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/png");
        expect(served.headers.get("x-content-type-options")).toBe("nosniff");
        expect(await sharp(served.bytes).metadata()).toMatchObject({
          format: "png",
          width: 40,
          height: 20,
        });
      }
      // The visitor of that conversation sees it too; nobody without a session does.
      const forVisitor = await fetch(`${ctx.server.baseUrl}${url}`, {
        headers: { cookie: visitor.browser.cookieHeader() },
      });
      expect(forVisitor.status).toBe(200);
      expect((await fetchBytes(ctx.server, new ClientBrowser(ctx.server), url)).status).toBe(401);

      const clientId = newClientId();
      anaSocket.send({
        message_type: "message",
        conversation_id: visitor.conversationId,
        message: imageMessageHtml(url),
        msg_type: "image",
        client_id: clientId,
      });
      const ack = await anaSocket.ack(clientId);
      const received = await visitor.socket.next(
        (f: Frame) => f.message_type === "message" && f.id === ack.id,
      );
      expect(received).toMatchObject({
        msg_type: "image",
        sender_type: "agent",
        sender_username: "Ana Lima",
      });
      expect(String(received.message)).toContain(`src="${url}"`);
      anaSocket.close();
      visitor.socket.close();
    });

    it("refuses SVG (415), whatever it is called, and anything but multipart", async () => {
      const visitor = await chattingVisitor(ctx.server, "Sam Svg");
      const path = `${conversationsPath(visitor.conversationId)}/upload`;
      const before = await uploads();
      const svgRefused = {
        status: 415,
        error: {
          code: "unsupported_media_type",
          message: "Only PNG, JPEG, GIF and WebP images can be sent.",
        },
      };
      for (const file of [
        { data: svgWithScript, filename: "logo.svg", type: "image/svg+xml" },
        { data: svgWithScript, filename: "photo.png", type: "image/png" },
        { data: svgWithProlog, filename: "photo.jpg", type: "image/jpeg" },
      ]) {
        const res = await uploadImage(ctx.server, ana.browser, path, file);
        expect(res.status, file.filename).toBe(415);
        expect(res.body).toEqual(svgRefused);
      }
      const json = await ana.browser.post(path, { file: "iVBORw0KGgo=" });
      expect(json.status).toBe(415);
      expect(json.body).toEqual({
        status: 415,
        error: {
          code: "unsupported_media_type",
          message: "Send the image as multipart/form-data.",
        },
      });
      expect(await uploads()).toBe(before);
      visitor.socket.close();
    });

    it("refuses a file over 25 MB with 413", async () => {
      const visitor = await chattingVisitor(ctx.server, "Big Bertha");
      const before = await uploads();
      const huge = Buffer.concat([await solid("png"), Buffer.alloc(chatLimits.uploadBytes)]);
      const res = await uploadImage(
        ctx.server,
        ana.browser,
        `${conversationsPath(visitor.conversationId)}/upload`,
        png(huge),
      );
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        status: 413,
        error: {
          code: "too_large",
          message: "That file is too large. Images of up to 25 MB can be sent.",
        },
      });
      expect(await uploads()).toBe(before);
      visitor.socket.close();
    });

    it("refuses an ended chat (409) and a conversation that does not exist (404)", async () => {
      const ended = await insertConversation(ctx.server.app.database.db, {
        email: uniqueEmail(),
        startedAt: Date.now() - 60_000,
        state: "ended",
        endedAt: Date.now(),
        endedBy: "visitor",
      });
      const before = await uploads();
      const image = png(await solid("png"));
      const late = await uploadImage(
        ctx.server,
        ana.browser,
        `${conversationsPath(ended)}/upload`,
        image,
      );
      expect(late.status).toBe(409);
      expect(late.body).toEqual(conflict("This chat has ended, so no more images can be sent."));
      const missing = await uploadImage(
        ctx.server,
        ana.browser,
        `${conversationsPath(999_999_999)}/upload`,
        image,
      );
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(NO_SUCH_CONVERSATION);
      expect(await uploads()).toBe(before);
    });
  });

  it("the agent socket hears a visitor's first tab arrive and last tab leave, and who is typing", async () => {
    const adminSocket = await agentSocket(ctx.admin.browser);
    const anaSocket = await agentSocket(ana.browser);
    const visitor = await chattingVisitor(ctx.server, "Oli Brandt");
    const { email, conversationId } = visitor;
    const presence = (online: boolean) =>
      adminSocket.frames.filter(
        (f) =>
          f.message_type === "visitor_presence" && f.visitor_email === email && f.online === online,
      );
    expect(
      await adminSocket.next(
        (f) => f.message_type === "visitor_presence" && f.visitor_email === email,
      ),
    ).toEqual({ message_type: "visitor_presence", visitor_email: email, online: true });

    // A second tab: no second frame (its typing frame comes after its arrival was handled).
    const second = visitor.browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
    await second.opened;
    second.send({ message_type: "typing", typing: true });
    expect(
      await adminSocket.next(
        (f) => f.message_type === "typing" && f.conversation_id === conversationId,
      ),
    ).toEqual({
      message_type: "typing",
      conversation_id: conversationId,
      typing: true,
      from: "visitor",
    });
    expect(presence(true)).toHaveLength(1);

    // The first tab closes: the visitor is still there.
    visitor.socket.close();
    const key = presenceKeys.visitor(email);
    await expect.poll(() => ctx.server.app.chatBroker.countPresent(key)).toBe(1);
    const mark = adminSocket.frames.length;
    second.send({ message_type: "typing", typing: false });
    await adminSocket.next(
      (f) =>
        f.message_type === "typing" && f.conversation_id === conversationId && f.typing === false,
      5000,
      mark,
    );
    expect(presence(false)).toHaveLength(0);

    // An agent types: the other agents see who, the visitor only that support is typing.
    const typing = { message_type: "typing", conversation_id: conversationId, typing: true };
    const fromAna = anaSocket.frames.length;
    adminSocket.send(typing);
    expect(
      await anaSocket.next((f) => f.message_type === "typing" && f.from === "agent", 5000, fromAna),
    ).toEqual({ ...typing, from: "agent", agent_id: ctx.admin.agent.id, agent_name: "Support" });
    expect(await second.next((f) => f.message_type === "typing" && f.from === "agent")).toEqual({
      ...typing,
      from: "agent",
    });

    // A new display name is what the others see next.
    expect((await ctx.admin.browser.patch("/api/agent/me", { name: "Support Lead" })).status).toBe(
      200,
    );
    try {
      const mark2 = anaSocket.frames.length;
      adminSocket.send({ ...typing, typing: false });
      expect(
        await anaSocket.next((f) => f.message_type === "typing" && f.from === "agent", 5000, mark2),
      ).toMatchObject({ typing: false, agent_id: ctx.admin.agent.id, agent_name: "Support Lead" });
    } finally {
      await ctx.admin.browser.patch("/api/agent/me", { name: "Support" });
    }

    // The last tab closes: every agent hears the visitor left.
    second.close();
    for (const socket of [adminSocket, anaSocket]) {
      expect(
        await socket.next(
          (f) =>
            f.message_type === "visitor_presence" &&
            f.visitor_email === email &&
            f.online === false,
        ),
      ).toEqual({ message_type: "visitor_presence", visitor_email: email, online: false });
    }
    adminSocket.close();
    anaSocket.close();
  });

  describe("ids in paths, on every console route", () => {
    let ids: { conversation: number; contact: number; cannedReply: number; agent: number };
    beforeAll(async () => {
      const db = ctx.server.app.database.db;
      const reply = await ana.browser.post("/api/agent/canned-replies", {
        title: "Hello",
        body: "Hello!",
      });
      ids = {
        conversation: await insertConversation(db, { email: uniqueEmail(), startedAt: Date.now() }),
        contact: (
          await db
            .insertInto("contact_messages")
            .values({
              name: "Kiran",
              email: "kiran@example.com",
              phone: null,
              message: "Hi",
              received_at: Date.now(),
              ip_hash: "h",
              user_agent: null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
        cannedReply: (reply.body as { reply: { id: number } }).reply.id,
        agent: ana.agent.id,
      };
    });

    const routes = [
      { method: "GET", path: "/api/agent/conversations/{id}", what: "conversation" },
      { method: "GET", path: "/api/agent/conversations/{id}/messages", what: "conversation" },
      {
        method: "POST",
        path: "/api/agent/conversations/{id}/read",
        what: "conversation",
        body: { last_id: 0 },
      },
      { method: "POST", path: "/api/agent/conversations/{id}/upload", what: "conversation" },
      {
        method: "PATCH",
        path: "/api/agent/contact-messages/{id}",
        what: "contact message",
        body: { read: true },
      },
      {
        method: "PATCH",
        path: "/api/agent/canned-replies/{id}",
        what: "canned reply",
        body: { title: "Hello", body: "Hello!" },
      },
      { method: "DELETE", path: "/api/agent/canned-replies/{id}", what: "canned reply" },
      {
        method: "PATCH",
        path: "/api/agent/agents/{id}",
        what: "agent",
        body: { name: "Ana Lima" },
      },
      {
        method: "POST",
        path: "/api/agent/agents/{id}/password",
        what: "agent",
        body: { password: "agent password 2026" },
      },
    ] as const;

    it.each(routes)(
      "$method $path answers 400 for an id that is not a whole number",
      async (route) => {
        for (const id of [
          "abc",
          "-1",
          "1.5",
          "1e3",
          "0x1f",
          "%201",
          "1%00",
          "%D9%A1",
          "9999999999999999",
        ]) {
          const res = await ctx.admin.browser.request(
            route.method,
            route.path.replace("{id}", id),
            "body" in route ? route.body : undefined,
          );
          expect({ id, status: res.status }).toEqual({ id, status: 400 });
          expect(res.body).toEqual(invalid({ id: `The ${route.what} id must be a whole number.` }));
        }
      },
    );

    it.each(routes)("$method $path answers 404 for an id nothing has", async (route) => {
      const messages = {
        conversation: "No such conversation.",
        "contact message": "No such contact message.",
        "canned reply": "No such canned reply.",
        agent: "No such agent.",
      };
      for (const id of ["0", "999999999999999"]) {
        const res = await ctx.admin.browser.request(
          route.method,
          route.path.replace("{id}", id),
          "body" in route ? route.body : undefined,
        );
        expect({ id, status: res.status }).toEqual({ id, status: 404 });
        expect(res.body).toEqual(notFound(messages[route.what]));
      }
      // The same route with a real id is not a 404 (the ids above are all that was wrong).
      const real = {
        conversation: ids.conversation,
        "contact message": ids.contact,
        "canned reply": ids.cannedReply,
        agent: ids.agent,
      }[route.what];
      if (route.path.endsWith("/upload") || route.method === "DELETE") return;
      const ok = await ctx.admin.browser.request(
        route.method,
        route.path.replace("{id}", String(real)),
        "body" in route ? route.body : undefined,
      );
      expect(ok.status).toBe(200);
    });
  });
});
