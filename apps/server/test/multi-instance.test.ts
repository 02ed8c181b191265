/**
 * Two instances of the bundled server (dist/server.js) on one PostgreSQL database and one Redis of
 * the test's own, each with its own DATA_DIR (no shared disk), behind Debian's nginx with
 * deploy/nginx's files: what a client does on one reaches the other (messages both ways, typing,
 * images, the end, sign-out), limits hold across both, and nothing acknowledged is lost or
 * duplicated when one instance is killed or Redis restarts under load, with ten visitors writing
 * through nginx (a socket that drops reconnects through nginx, which sends it to the instance
 * still up). Tests that need a given instance talk to it directly. Needs `npm run build`,
 * PostgreSQL, redis-server and nginx.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  Browser,
  chattingVisitor,
  connectedAgent,
  newClientId,
  uniqueEmail,
  type Frame,
  type FrameSocket,
} from "./chat-harness";
import { freshPgDatabase, postgresFor } from "./helpers";
import { solid } from "./image-fixtures";
import {
  freePort,
  startRedisProcess,
  startServerProcess,
  type ServerProcess,
} from "./instance-process";
import { checkDelivered, loadWriter, writeUnderLoad, type LoadWriter } from "./load-writers";
import { nginxMissing, startNginx, type NginxProcess } from "./nginx-process";
import { testKeyPrefix } from "./redis-service";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

const pgUp = await postgresFor("the multi-instance suite");
const nginxAbsent = nginxMissing();
const redis = pgUp && !nginxAbsent ? await startRedisProcess(await freePort()) : null;
const missing = !pgUp
  ? null
  : (nginxAbsent ??
    (redis ? null : "redis-server could not be started (apt-get install -y redis-server)"));
if (missing) {
  if (process.env.CI)
    throw new Error(`the multi-instance suite must run under CI, but ${missing}.`);
  console.warn(`SKIPPING the multi-instance suite: ${missing}.`);
}

/** The same browser (its cookies) talking to another instance, as after a load balancer's switch. */
function sameBrowserAt(browser: Browser, server: { baseUrl: string; wsUrl: string }): Browser {
  const moved = new Browser(server);
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

interface StoredMessage {
  id: number;
  client_id: string | null;
}

describe.runIf(pgUp && redis)("two instances on PostgreSQL and Redis", () => {
  let sink: SmtpSink;
  let database: Awaited<ReturnType<typeof freshPgDatabase>>;
  const dirs: string[] = [];
  let env: Record<string, string>;
  let a: ServerProcess;
  let b: ServerProcess;
  /** nginx in front of both: where the visitors under load connect. */
  let front: NginxProcess;
  const withSink = (server: { baseUrl: string; wsUrl: string }) => ({
    baseUrl: server.baseUrl,
    wsUrl: server.wsUrl,
    sink,
  });

  async function startInstance(port?: number): Promise<ServerProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-instance-"));
    dirs.push(dataDir);
    return startServerProcess({ ...env, DATA_DIR: dataDir }, port ?? (await freePort()));
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await freshPgDatabase();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis?.url ?? "",
      REDIS_KEY_PREFIX: testKeyPrefix(),
      PUBLIC_URL: "http://localhost:3000",
      SMTP_URL: sink.url,
      // One proxy in front, as deploy/nginx sets it up.
      TRUST_PROXY: "1",
      ...AGENT_ENV,
    };
    // One after the other: the first creates the agent and runs the migrations.
    a = await startInstance();
    b = await startInstance();
    front = await startNginx(await freePort(), [{ port: a.port }, { port: b.port }]);
  }, 90_000);

  afterAll(async () => {
    await front?.stop();
    await Promise.all([a?.stop("SIGKILL"), b?.stop("SIGKILL")]);
    // The suite's own redis-server would outlive the test run otherwise.
    await redis?.kill();
    await sink?.stop();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("carries messages both ways, typing, an image and the end between a visitor on one and an agent on the other", async () => {
    const visitor = await chattingVisitor(withSink(a), "Meera Iyer", uniqueEmail("cross"));
    const agent = await connectedAgent(withSink(b));
    const isMessage = (text: string) => (f: Frame) =>
      f.message_type === "message" && typeof f.message === "string" && f.message.includes(text);

    const fromVisitor = newClientId();
    visitor.socket.send({ message: "Hello from A", msg_type: "text", client_id: fromVisitor });
    const ack = await visitor.socket.ack(fromVisitor);
    const atAgent = await agent.socket.next(isMessage("Hello from A"));
    expect(atAgent).toMatchObject({ id: ack.id, conversation_id: visitor.conversationId });

    const fromAgent = newClientId();
    agent.socket.send({
      message_type: "message",
      conversation_id: visitor.conversationId,
      message: "Hello from B",
      msg_type: "text",
      client_id: fromAgent,
    });
    const agentAck = await agent.socket.ack(fromAgent);
    const atVisitor = await visitor.socket.next(isMessage("Hello from B"));
    expect(atVisitor).toMatchObject({ id: agentAck.id, sender: "support" });
    // Its predecessor is the visitor's message: a client holding that one has missed nothing.
    expect(atVisitor.previous_id).toBe(ack.id);

    visitor.socket.send({ message_type: "typing", typing: true });
    await agent.socket.next(
      (f) => f.message_type === "typing" && f.from === "visitor" && f.typing === true,
    );
    agent.socket.send({
      message_type: "typing",
      conversation_id: visitor.conversationId,
      typing: true,
    });
    await visitor.socket.next((f) => f.message_type === "typing" && f.from === "agent");

    // An image uploaded through A is served by B, which has another disk.
    const png = await solid("png", 30, 20);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "shot.png");
    const uploaded = await fetch(`${a.baseUrl}/api/support/upload`, {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: visitor.browser.cookieHeader() },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const served = await fetch(`${b.baseUrl}${url}`, {
      headers: { origin: "http://localhost:3000", cookie: agent.browser.cookieHeader() },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const imageId = newClientId();
    visitor.socket.send({
      message: `<img src="${url}" alt="">`,
      msg_type: "image",
      client_id: imageId,
    });
    await visitor.socket.ack(imageId);
    await agent.socket.next((f) => f.message_type === "message" && f.msg_type === "image");

    agent.socket.send({ message_type: "chat_end", conversation_id: visitor.conversationId });
    await visitor.socket.next((f) => f.message_type === "chat_ended" && f.ended_by === "agent");
    visitor.socket.close();
    agent.socket.close();
  });

  it("closes an agent's socket on one instance when the session signs out on the other", async () => {
    const agent = await connectedAgent(withSink(a));
    const elsewhere = sameBrowserAt(agent.browser, b);
    expect((await elsewhere.post("/api/agent/logout", {})).status).toBe(200);
    const closed = await Promise.race([agent.socket.closed, sleep(5_000).then(() => null)]);
    expect(closed?.code).toBe(4401);
  });

  it("holds the limit of sockets per chat session across both instances", async () => {
    const visitor = await chattingVisitor(withSink(a), "Tab Keeper", uniqueEmail("tabs"));
    const path = `/ws/support/${encodeURIComponent(visitor.email)}/`;
    const open: FrameSocket[] = [visitor.socket];
    for (let i = 1; i < 10; i++) {
      const socket = sameBrowserAt(visitor.browser, i % 2 ? b : a).socket(path);
      await socket.opened;
      // Its first frame follows its claim on the shared count: the next upgrade counts it.
      await socket.next(() => true);
      open.push(socket);
    }
    for (const server of [a, b]) {
      await expect(sameBrowserAt(visitor.browser, server).socket(path).opened).rejects.toThrow(
        "429",
      );
    }
    // A tab closed on one instance frees a place on the other.
    open[1]?.close();
    await open[1]?.closed;
    await expect
      .poll(async () => {
        const socket = sameBrowserAt(visitor.browser, a).socket(path);
        try {
          await socket.opened;
          open.push(socket);
          return "open";
        } catch {
          return "refused";
        }
      })
      .toBe("open");
    for (const socket of open) socket.close();
  });

  it("holds the contact form's limit across both instances", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 14; i++) {
      const server = i % 2 ? b : a;
      const res = await fetch(`${server.baseUrl}/api/support/contact_us`, {
        method: "POST",
        headers: { origin: "http://localhost:3000", "content-type": "application/json" },
        body: JSON.stringify({
          name: "Ravi Menon",
          email: `ravi.${i}@example.com`,
          message: "Do you offer a plan for a team of twelve?",
          website: "",
        }),
      });
      answers.push(res.status);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(10);
    expect(answers.slice(10)).toEqual([429, 429, 429, 429]);
  });

  const loadVisitors: { browser: Browser; email: string }[] = [];

  /** A visitor verified before, registering again (a new conversation if the last one ended). */
  async function resumedVisitor(browser: Browser, email: string, i: number) {
    const registered = await browser.post("/api/support/register", {
      username: `Visitor ${i}`,
      email,
    });
    if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
    const socket = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
    await socket.opened;
    const conversationId = (registered.body as { conversation_id: number }).conversation_id;
    return { browser, email, socket, conversationId };
  }

  /**
   * Ten visitors write to their conversations through nginx (which spreads their sockets over
   * both instances), an agent reads on B; `disrupt` happens in the middle. Every socket that drops
   * reconnects through nginx (to B when A is gone) and resends what was never acknowledged, with
   * the same client_id.
   */
  async function underLoad(disrupt: () => Promise<void>, label: string) {
    const writers: (LoadWriter & { conversationId: number; email: string })[] = [];
    for (let i = 0; i < 10; i++) {
      // The visitors of an earlier run come back (codes per address are limited).
      const earlier = loadVisitors[i];
      const v = earlier
        ? await resumedVisitor(sameBrowserAt(earlier.browser, front), earlier.email, i)
        : await chattingVisitor(withSink(front), `Visitor ${i}`, uniqueEmail(`load${i}`));
      loadVisitors[i] = { browser: v.browser, email: v.email };
      const path = `/ws/support/${encodeURIComponent(v.email)}/`;
      writers.push({
        ...loadWriter(`${label} ${i}`, v.browser, v.socket, path),
        conversationId: v.conversationId,
        email: v.email,
      });
    }
    const agent = await connectedAgent(withSink(b));
    const { reconnects } = await writeUnderLoad(writers, disrupt);
    const acked = await checkDelivered(
      writers,
      async (w) =>
        (
          await sameBrowserAt(w.browser, b).get(
            `/api/support/get_message/${encodeURIComponent(w.email)}/`,
          )
        ).body as StoredMessage[],
    );

    // The agent on B saw or can fetch every message, each once.
    const pushed = new Map<number, number>();
    for (const f of agent.socket.frames) {
      if (f.message_type === "message" && typeof f.id === "number") {
        pushed.set(f.id, (pushed.get(f.id) ?? 0) + 1);
      }
    }
    expect([...pushed.values()].every((count) => count === 1)).toBe(true);
    for (const w of writers) {
      const res = await agent.browser.get(`/api/agent/conversations/${w.conversationId}/messages`);
      const held = new Set((res.body as StoredMessage[]).map((m) => m.client_id));
      expect(w.sent.every((id) => held.has(id))).toBe(true);
    }
    for (const w of writers) w.socket.close();
    agent.socket.close();
    return { acked, agent, reconnects, visitorsCaughtUp: writers.filter((w) => w.caughtUp).length };
  }

  it("loses and duplicates nothing acknowledged when one instance is killed under load", async () => {
    const { acked, reconnects } = await underLoad(async () => {
      await a.stop("SIGKILL");
    }, "kill");
    expect(acked).toBeGreaterThan(100);
    // nginx had given some of the sockets to A: they came back through it, to B.
    expect(reconnects).toBeGreaterThan(0);
    console.info(
      `multi-instance SIGKILL behind nginx: ${acked} acknowledged, ${reconnects} sockets reconnected, 0 lost, 0 duplicated, in order`,
    );
    // Back on its port, where nginx looks for it.
    a = await startInstance(a.port);
  }, 90_000);

  it("loses and duplicates nothing acknowledged when Redis restarts under load, and tells sockets to catch up", async () => {
    let readyWhileDown: unknown;
    const { acked, agent, visitorsCaughtUp } = await underLoad(async () => {
      await redis?.kill();
      await sleep(1_000);
      const ready = await fetch(`${a.baseUrl}/readyz`);
      readyWhileDown = { status: ready.status, body: await ready.json() };
      await redis?.restart();
    }, "redis");
    expect(readyWhileDown).toEqual({ status: 200, body: { status: 200, redis: "down" } });
    // Both sides missed what Redis did not carry while it was away: the agent and every visitor.
    expect(agent.socket.frames.some((f) => f.message_type === "catch_up")).toBe(true);
    expect(visitorsCaughtUp).toBe(10);
    const ready = (await (await fetch(`${a.baseUrl}/readyz`)).json()) as { redis: string };
    expect(ready.redis).toBe("up");
    console.info(`multi-instance Redis restart: ${acked} acknowledged, 0 lost, 0 duplicated`);
  }, 90_000);
});
