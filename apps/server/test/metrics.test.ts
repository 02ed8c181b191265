/**
 * GET /metrics: absent without METRICS_TOKEN, 401 for any other token, and with it the process's
 * default series plus the hourline_ ones, which move when the chat, the outbox and the limits do.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearerMatches } from "../src/plugins/metrics";
import { enqueueMail } from "../src/repositories/mail-outbox";
import {
  AGENT_ENV,
  Browser,
  chattingVisitor,
  connectedAgent,
  newClientId,
  startChatServer,
  type ChatServer,
} from "./chat-harness";
import { testApp } from "./helpers";
import { REDIS_URL, redisFor } from "./redis-service";

const TOKEN = "metrics-token-for-the-tests-0123456789";

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the metrics token", () => {
  it("matches only the exact bearer token", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches("Bearer ", TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("is not there: 404, whatever the header", async () => {
    const app = await testApp();
    try {
      const answer = await app.inject({
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain("nodejs_");
    } finally {
      await app.close();
    }
  });

  it("refuses a short token at start", async () => {
    await expect(testApp({ METRICS_TOKEN: "short" })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let server: ChatServer;
  const scrape = async () => {
    const answer = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  beforeAll(async () => {
    server = await startChatServer(
      { ...AGENT_ENV, METRICS_TOKEN: TOKEN },
      // Each scrape reads the queues afresh, so every step below sees its own effect.
      { metricsQueueMaxAgeMs: 0 },
    );
  });
  afterAll(async () => server?.close());

  it("answers 401 to a missing or wrong token, in the API's error shape", async () => {
    for (const authorization of [undefined, "Bearer nope", `Basic ${TOKEN}`, `Bearer ${TOKEN}1`]) {
      const answer = await fetch(`${server.baseUrl}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({
        status: 401,
        error: { code: "unauthorized", message: "A valid metrics token is required." },
      });
    }
  });

  it("has the process's default series and every hourline_ series", async () => {
    const text = await scrape();
    for (const name of [
      "nodejs_eventloop_lag_seconds",
      "process_resident_memory_bytes",
      'hourline_sockets_open{side="visitor"}',
      'hourline_sockets_open{side="agent"}',
      'hourline_messages_stored_total{side="visitor"}',
      "hourline_conversations_waiting",
      "hourline_conversation_oldest_wait_seconds",
      "hourline_outbox_depth",
      "hourline_outbox_oldest_unsent_seconds",
      'hourline_mail_failures_total{outcome="gave_up"}',
    ]) {
      expect(sample(text, name), name).toBeTypeOf("number");
    }
    expect(text).toContain("# TYPE hourline_message_delivery_seconds histogram");
    expect(text).toContain("# TYPE hourline_http_request_duration_seconds histogram");
    expect(text).toMatch(/^hourline_build_info\{version="[^"]+",commit="[^"]+",node="v\d+/m);
    expect(sample(text, "hourline_database_up")).toBe(1);
    expect(sample(text, "hourline_data_dir_free_bytes")).toBeGreaterThan(0);
    expect(text).toContain("# TYPE hourline_rate_limit_refusals_total counter");
    // No REDIS_URL: no Redis is meant to be there, so no series says it is down.
    expect(text).not.toContain("hourline_redis_connected");
  });

  it.each([
    ["the Grafana dashboard", "deploy/grafana/hourline-dashboard.json", 15],
    ["the alert rules", "deploy/prometheus/hourline-alerts.yml", 8],
  ])("exposes every series %s reads", async (_what, file, atLeast) => {
    const text = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
    const names = new Set(
      [...text.matchAll(/\b((?:hourline|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1] ?? ""),
    );
    expect(names.size).toBeGreaterThanOrEqual(atLeast);
    // A request first, so the HTTP series have samples, as they have in any running instance.
    await fetch(`${server.baseUrl}/api/agent/me`);
    const scraped = await scrape();
    for (const name of names) {
      // hourline_redis_connected exists only with REDIS_URL (tested where Redis is).
      if (name === "hourline_redis_connected") continue;
      // A labelled series has no sample before its first event, but its TYPE line is there.
      const family = name.replace(/_bucket$/, "");
      expect(scraped, name).toMatch(new RegExp(`^(${name}[ {]|# TYPE ${family} )`, "m"));
    }
  });

  it("counts sockets, stored messages, delivery, waiting visitors and their answer", async () => {
    // On SQLite the queue figures are read on the reading worker, not on the event loop.
    const reader = server.app.database.offThreadReads;
    const reads = reader ? vi.spyOn(reader, "all") : undefined;
    const visitor = await chattingVisitor(server);
    const agent = await connectedAgent(server);
    let text = await scrape();
    expect(sample(text, 'hourline_sockets_open{side="visitor"}')).toBe(1);
    expect(sample(text, 'hourline_sockets_open{side="agent"}')).toBe(1);

    const clientId = newClientId();
    visitor.socket.send({
      sender: visitor.email,
      receiver: "null",
      message: "Is there a plan for 40 people?",
      msg_type: "text",
      client_id: clientId,
    });
    await visitor.socket.ack(clientId);
    await agent.socket.next((f) => f.message_type === "message" && f.client_id === clientId);
    text = await scrape();
    expect(sample(text, 'hourline_messages_stored_total{side="visitor"}')).toBe(1);
    expect(sample(text, 'hourline_message_delivery_seconds_count{to="agent"}')).toBe(1);
    expect(sample(text, "hourline_conversations_waiting")).toBe(1);
    expect(sample(text, "hourline_conversation_oldest_wait_seconds")).toBeGreaterThanOrEqual(0);

    const reply = newClientId();
    agent.socket.send({
      message_type: "message",
      conversation_id: visitor.conversationId,
      message: "Yes: the Team plan.",
      msg_type: "text",
      client_id: reply,
    });
    await agent.socket.ack(reply);
    await visitor.socket.next((f) => f.message_type === "message" && f.client_id === reply);
    text = await scrape();
    expect(sample(text, 'hourline_messages_stored_total{side="agent"}')).toBe(1);
    expect(sample(text, 'hourline_message_delivery_seconds_count{to="visitor"}')).toBe(1);
    expect(sample(text, "hourline_conversations_waiting")).toBe(0);
    if (server.app.database.dialect === "sqlite") expect(reads).toHaveBeenCalled();
    reads?.mockRestore();

    visitor.socket.close();
    agent.socket.close();
    await Promise.all([visitor.socket.closed, agent.socket.closed]);
    await expect
      .poll(async () => sample(await scrape(), 'hourline_sockets_open{side="visitor"}'))
      .toBe(0);
  });

  it("reads the outbox's depth and its oldest unsent mail", async () => {
    // A server of its own: mail queued by the other tests here (codes, alerts) may still be on
    // its way out when this one reads the depth.
    const own = await startChatServer(
      { ...AGENT_ENV, METRICS_TOKEN: TOKEN },
      { metricsQueueMaxAgeMs: 0 },
    );
    try {
      await outboxDepthAndAge(own);
    } finally {
      await own.close();
    }
  });

  async function outboxDepthAndAge(server: ChatServer) {
    const db = server.app.database.db;
    const queuedAt = Date.now() - 90_000;
    // Queued 90 s ago and due in an hour (as after failed attempts): it stays queued.
    await db.transaction().execute(async (trx) => {
      const id = await enqueueMail(
        trx,
        { kind: "test", to: "ops@example.com", subject: "Queued", text: "queued" },
        queuedAt,
      );
      await trx
        .updateTable("mail_outbox")
        .set({ next_attempt_at: Date.now() + 3_600_000 })
        .where("id", "=", id)
        .execute();
    });
    const answer = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = await answer.text();
    expect(sample(text, "hourline_outbox_depth")).toBe(1);
    expect(sample(text, "hourline_outbox_oldest_unsent_seconds")).toBeGreaterThanOrEqual(90);
  }

  it("counts refusals by limit, named by route, never by URL", async () => {
    const browser = new Browser(server);
    let refused = 0;
    for (let i = 0; i < 40 && refused === 0; i += 1) {
      const answer = await browser.post("/api/agent/login", {
        email: "nobody@example.com",
        password: "wrong wrong wrong",
      });
      if (answer.status === 429) refused += 1;
    }
    expect(refused).toBe(1);
    const text = await scrape();
    expect(sample(text, 'hourline_rate_limit_refusals_total{limit="/api/agent/login"}')).toBe(1);
    expect(text).not.toContain("nobody@example.com");
  });
});

describe("hourline_redis_connected", async () => {
  const redisUp = await redisFor("the Redis gauge of /metrics");
  const scrape = async (app: Awaited<ReturnType<typeof testApp>>) => {
    const answer = await app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  it.runIf(redisUp)("is 1 while this instance's Redis connections are up", async () => {
    const app = await testApp({
      METRICS_TOKEN: TOKEN,
      REDIS_URL,
      REDIS_KEY_PREFIX: `hl-i18:${randomBytes(4).toString("hex")}:`,
    });
    try {
      await app.ready();
      expect(sample(await scrape(app), "hourline_redis_connected")).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("is 0 when REDIS_URL names a Redis that does not answer", async () => {
    const app = await testApp({ METRICS_TOKEN: TOKEN, REDIS_URL: "redis://127.0.0.1:1" });
    try {
      await app.ready();
      expect(sample(await scrape(app), "hourline_redis_connected")).toBe(0);
    } finally {
      await app.close();
    }
  }, 20_000);
});
