/**
 * The chat's HTTP fallback (server-sent events down, POST up) on both stores: the same frames,
 * acks and client_id idempotency as the sockets, the same checks (Origin, session, the e-mail of
 * the address), the socket's rate budget per session, the end closing the stream, and on
 * PostgreSQL a second instance on Redis: a frame POSTed to one reaches a stream held by the other.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  Browser,
  connectedAgent,
  newClientId,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  verifyVisitor,
  type ChatServer,
  type Frame,
} from "./chat-harness";
import { channels } from "../src/chat/broker-channels";
import { testKeyPrefix } from "./redis-service";

/** An event stream read as a browser's EventSource would: its frames, and the close event. */
class EventStreamClient {
  readonly frames: Frame[] = [];
  closedWith: { code: number; reason: string } | undefined;
  ended = false;
  private waiters = new Set<() => void>();
  private readonly abort = new AbortController();

  static async open(
    browser: Browser,
    server: { baseUrl: string },
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; stream?: EventStreamClient; body?: unknown; type?: string }> {
    const client = new EventStreamClient();
    const response = await fetch(`${server.baseUrl}${path}`, {
      headers: { cookie: browser.cookieHeader(), accept: "text/event-stream", ...headers },
      signal: client.abort.signal,
    });
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/event-stream")) {
      return { status: response.status, body: await response.json(), type };
    }
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    void client.read(response.body as ReadableStream<Uint8Array>);
    return { status: 200, stream: client, type };
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length === 0) continue;
          const value = JSON.parse(data.join("\n")) as Frame;
          if (event === "close") this.closedWith = value as never;
          else this.frames.push(value);
        }
        this.wake();
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const wake of this.waiters) wake();
  }

  async until<T>(check: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what}; got ${JSON.stringify(this.frames).slice(0, 1500)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  next(match: (frame: Frame) => boolean, what = "no matching frame"): Promise<Frame> {
    return this.until(() => this.frames.find(match), what);
  }

  close() {
    this.abort.abort();
  }
}

async function post(browser: Browser, path: string, body: unknown) {
  const answer = await browser.post(path, body);
  return answer as { status: number; body: { status: number; frames?: Frame[] }; headers: Headers };
}

const visitorPath = (email: string) => `/sse/support/${encodeURIComponent(email)}/`;

async function registeredVisitor(server: ChatServer, email = uniqueEmail()) {
  const browser = new Browser(server);
  await verifyVisitor(browser, server.sink, email);
  const registered = await browser.post("/api/support/register", { username: "Meera Iyer", email });
  expect(registered.status).toBe(200);
  return {
    browser,
    email,
    conversationId: (registered.body as { conversation_id: number }).conversation_id,
  };
}

const pgUp = await postgresFor("the HTTP fallback suite");

for (const store of stores) {
  describe.runIf(!store.pg || pgUp)(`the chat over HTTP (${store.name})`, () => {
    let server: ChatServer & { schema?: string };
    // One key prefix for both instances of the PostgreSQL run, so they share their events.
    const env = { ...AGENT_ENV, ...(store.pg ? { REDIS_KEY_PREFIX: testKeyPrefix() } : {}) };
    const streams: EventStreamClient[] = [];
    const track = (stream: EventStreamClient | undefined) => {
      if (!stream) throw new Error("no stream");
      streams.push(stream);
      return stream;
    };

    beforeAll(async () => {
      server = await startChatServerOn(store, env, {
        sockets: { rate: { burst: 4, perSecond: 0.1 } },
      });
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await server?.close();
    });

    it("carries messages both ways with acks, client_id idempotency and previous_id", async () => {
      const visitor = await registeredVisitor(server);
      const agent = await connectedAgent(server);
      agent.socket.close();
      const down = await EventStreamClient.open(
        visitor.browser,
        server,
        visitorPath(visitor.email),
      );
      expect(down.status).toBe(200);
      const visitorStream = track(down.stream);
      await visitorStream.next((f) => f.message_type === "presence", "no presence frame");
      const agentDown = await EventStreamClient.open(agent.browser, server, "/sse/agent/");
      const agentStream = track(agentDown.stream);

      const clientId = newClientId();
      const frame = {
        sender: visitor.email,
        receiver: "null",
        message: "Is there an API?",
        msg_type: "text",
        client_id: clientId,
      };
      const first = await post(visitor.browser, visitorPath(visitor.email), frame);
      expect(first.status).toBe(200);
      const ack = first.body.frames?.[0];
      expect(ack).toMatchObject({ message_type: "ack", client_id: clientId });
      const pushed = await agentStream.next(
        (f) => f.message_type === "message" && f.client_id === clientId,
      );
      expect(pushed).toMatchObject({ id: ack?.id, message: "Is there an API?", receiver: "null" });

      // The same frame again (its answer was lost): the same ack, and no second row.
      const again = await post(visitor.browser, visitorPath(visitor.email), frame);
      expect(again.body.frames).toEqual([ack]);
      const listed = await agent.browser.get(
        `/api/agent/conversations/${visitor.conversationId}/messages`,
      );
      const rows = (listed.body as { client_id: string }[]).filter((m) => m.client_id === clientId);
      expect(rows).toHaveLength(1);

      // The agent answers over POST; the visitor's stream gets it with the link to the one before.
      const replyId = newClientId();
      const answered = await post(agent.browser, "/sse/agent/", {
        message_type: "message",
        conversation_id: visitor.conversationId,
        message: "Yes: a REST API with tokens.",
        msg_type: "text",
        client_id: replyId,
      });
      expect(answered.body.frames?.[0]).toMatchObject({ message_type: "ack", client_id: replyId });
      const reply = await visitorStream.next(
        (f) => f.message_type === "message" && f.client_id === replyId,
      );
      expect(reply).toMatchObject({ sender: "support", previous_id: ack?.id });
      expect(JSON.stringify(reply)).not.toContain("lead@hourline.example");

      // The visitor ends the chat: both sides hear it, and the visitor's stream closes (4401).
      const ended = await post(visitor.browser, visitorPath(visitor.email), {
        message_type: "chat_end",
        target_email: visitor.email,
        user_type: "user",
      });
      expect(ended.status).toBe(200);
      await agentStream.next((f) => f.message_type === "chat_ended");
      await visitorStream.until(() => visitorStream.closedWith, "the stream did not close");
      expect(visitorStream.closedWith?.code).toBe(4401);
      await visitorStream.until(() => (visitorStream.ended ? true : undefined), "not ended");
    });

    it("checks the Origin, the session and the address like the upgrade", async () => {
      const visitor = await registeredVisitor(server);
      const path = visitorPath(visitor.email);
      const stranger = new Browser(server);
      expect((await EventStreamClient.open(stranger, server, path)).status).toBe(401);
      expect((await EventStreamClient.open(stranger, server, "/sse/agent/")).status).toBe(401);
      const foreign = await EventStreamClient.open(visitor.browser, server, path, {
        origin: "https://evil.example",
      });
      expect(foreign).toMatchObject({ status: 403, body: { status: 403 } });
      const other = await EventStreamClient.open(
        visitor.browser,
        server,
        visitorPath(uniqueEmail()),
      );
      expect(other.status).toBe(403);

      const frame = { message: "hi", msg_type: "text", client_id: newClientId() };
      // A POST must name our Origin; another's, or none, is refused.
      const noOrigin = await visitor.browser.request("POST", path, frame, { origin: "" });
      expect(noOrigin.status).toBe(403);
      const evil = await visitor.browser.request("POST", path, frame, {
        origin: "https://evil.example",
      });
      expect(evil.status).toBe(403);
      expect((await post(stranger, path, frame)).status).toBe(401);
      expect((await post(visitor.browser, visitorPath(uniqueEmail()), frame)).status).toBe(403);

      // A frame the contract refuses gets the socket's error frame, naming its client_id.
      const bad = await post(visitor.browser, path, {
        msg_type: "video",
        message: "x",
        client_id: frame.client_id,
      });
      expect(bad.body.frames?.[0]).toMatchObject({
        message_type: "error",
        code: "bad_frame",
        client_id: frame.client_id,
      });
      // Over 64 KB: refused before it is read.
      const huge = await post(visitor.browser, path, { ...frame, message: "x".repeat(70_000) });
      expect(huge).toMatchObject({ status: 413, body: { status: 413 } });
    });

    it("takes a session this instance proved lately again, until its end is heard", async () => {
      const visitor = await registeredVisitor(server);
      const path = visitorPath(visitor.email);
      const typing = { message_type: "typing", typing: true };
      expect((await post(visitor.browser, path, typing)).status).toBe(200);
      // The row removed without its end being published (nothing in the product does that): the
      // proof this instance made a moment ago still holds, as it would for an open socket.
      const db = server.app.database.db;
      const [row] = await db
        .selectFrom("visitor_sessions")
        .select("id")
        .where("email", "=", visitor.email)
        .execute();
      if (!row) throw new Error("no session row");
      await db.deleteFrom("visitor_sessions").where("id", "=", row.id).execute();
      expect((await post(visitor.browser, path, typing)).status).toBe(200);
      // The end published, as every end is (the visitor's, a block, an erasure): refused as soon
      // as the instance hears it (over Redis on PostgreSQL), and the stream cannot open either.
      await server.app.chatBroker.publish(channels.visitorSessions, { sessionId: row.id });
      await expect
        .poll(async () => (await post(visitor.browser, path, typing)).status, { interval: 50 })
        .toBe(401);
      expect((await EventStreamClient.open(visitor.browser, server, path)).status).toBe(401);
    });

    it("holds the socket's rate budget per session, answering with its error frame", async () => {
      const visitor = await registeredVisitor(server);
      const path = visitorPath(visitor.email);
      // burst 4 + 0.1/s over the 10 s window: 5 frames, then 429 with the rate_limited frame.
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push(
          await post(visitor.browser, path, { message_type: "typing", typing: i % 2 === 0 }),
        );
      }
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      // A frame within the budget is answered without the rate headers (a socket frame has none).
      for (const answer of answers.slice(0, 5)) {
        expect([...answer.headers.keys()].filter((h) => h.startsWith("x-ratelimit"))).toEqual([]);
      }
      const clientId = newClientId();
      const refused = await post(visitor.browser, path, {
        message: "one more",
        msg_type: "text",
        client_id: clientId,
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(refused.body.frames?.[0]).toMatchObject({
        message_type: "error",
        code: "rate_limited",
        client_id: clientId,
      });
      // Another session has its own budget.
      const other = await registeredVisitor(server);
      const fine = await post(other.browser, visitorPath(other.email), {
        message_type: "typing",
        typing: true,
      });
      expect(fine.status).toBe(200);
    });

    it.runIf(store.pg)("reaches a stream held by another instance (Redis fan-out)", async () => {
      const second = await startChatServerOn(store, env, {
        ...(server.schema ? { schema: server.schema } : {}),
        sink: server.sink,
      });
      try {
        const visitor = await registeredVisitor(server);
        const down = await EventStreamClient.open(
          visitor.browser,
          second,
          visitorPath(visitor.email),
        );
        const stream = track(down.stream);
        await stream.next((f) => f.message_type === "presence");
        const agent = await connectedAgent(server);
        agent.socket.close();
        const clientId = newClientId();
        const sent = await post(agent.browser, "/sse/agent/", {
          message_type: "message",
          conversation_id: visitor.conversationId,
          message: "From the first instance.",
          msg_type: "text",
          client_id: clientId,
        });
        expect(sent.body.frames?.[0]).toMatchObject({ message_type: "ack" });
        await stream.next((f) => f.message_type === "message" && f.client_id === clientId);
        stream.close();
      } finally {
        await second.close();
      }
    });
  });
}
