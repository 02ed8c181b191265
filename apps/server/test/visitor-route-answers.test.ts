/**
 * Every visitor route (under /api/support and /api/client) declares the schema of its answers, and
 * what it answers matches: each JSON answer sent during a visitor's whole flow, refusals included,
 * is parsed with the schema its route declares for that status.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueRatingToken } from "../src/repositories/chat-ratings";
import { solid } from "./image-fixtures";
import {
  AGENT_ENV,
  Browser,
  connectedAgent,
  newClientId,
  startChatServer,
  uniqueEmail,
  verifyVisitor,
  type ChatServer,
} from "./chat-harness";
import { onEveryRoute } from "./helpers";

interface ParsingSchema {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}

/** Routes whose 200 is not JSON: the image's bytes. */
const BINARY_OK = new Set(["GET /api/support/uploads/:name"]);

const isVisitorRoute = (url: string) =>
  url.startsWith("/api/support/") || url.startsWith("/api/client/");

/** Visitor routes without a body, parameters or a session to check. */
const takesNoInput = new Set(["GET /api/support/availability"]);

describe("visitor routes declare and keep their answers' schemas", () => {
  const declared = new Map<string, Record<string, ParsingSchema>>();
  const answered = new Map<string, Set<number>>();
  const mismatches: string[] = [];
  let server: ChatServer;

  /** Adds, to each visitor route, a check of every JSON answer against its declared schema. */
  function checkAnswers(route: RouteOptions) {
    if (!isVisitorRoute(route.url)) return;
    // Fastify adds a HEAD route beside each GET: the same handler, without a body.
    for (const method of [route.method].flat().filter((m) => m !== "HEAD")) {
      const key = `${method} ${route.url}`;
      const response = (route.schema?.response ?? {}) as Record<string, ParsingSchema>;
      declared.set(key, response);
      const onSend = async (
        request: { method: string },
        reply: { statusCode: number; getHeader(name: string): unknown },
        payload: unknown,
      ) => {
        if (request.method !== method) return payload;
        const status = reply.statusCode;
        (answered.get(key) ?? answered.set(key, new Set()).get(key))?.add(status);
        const type = String(reply.getHeader("content-type") ?? "");
        if (!type.startsWith("application/json") || typeof payload !== "string") return payload;
        const schema = response[String(status)] ?? response[`${String(status)[0]}xx`];
        if (!schema) mismatches.push(`${key} answered ${status} with no schema for it`);
        else if (!schema.safeParse(JSON.parse(payload)).success) {
          mismatches.push(`${key} answered ${status}: ${payload.slice(0, 300)}`);
        }
        return payload;
      };
      route.onSend = [...[route.onSend ?? []].flat(), onSend] as RouteOptions["onSend"];
    }
  }

  beforeAll(async () => {
    server = await onEveryRoute(checkAnswers, () => startChatServer(AGENT_ENV));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("declares a JSON schema for 200 (or says it is bytes) and for 4xx on every route", () => {
    expect(declared.size).toBeGreaterThanOrEqual(8);
    for (const [key, response] of declared) {
      expect(Object.keys(response), key).toContain("4xx");
      if (!BINARY_OK.has(key)) expect(Object.keys(response), key).toContain("200");
    }
  });

  it("answers every status of a whole visitor flow as its schema says", async () => {
    const email = uniqueEmail();
    const browser = new Browser(server);
    const stranger = new Browser(server);

    await browser.post("/api/support/contact_us", {
      name: "Asha Rao",
      email,
      message: "Hello there",
    });
    await browser.post("/api/support/contact_us", { name: "", email: "nope" });
    await browser.post("/api/support/check_chat_email", { email });
    await browser.post("/api/support/check_chat_email", { email: "not an address" });
    await browser.post("/api/support/register", { username: "Asha", email });
    await verifyVisitor(browser, server.sink, email);
    // The cooldown refuses a second code at once: a 429.
    await browser.post("/api/support/otp_generate_chat", { email });
    await browser.post("/api/client/verify_otp", { email, otp: "000000" });
    await browser.post("/api/client/verify_otp", { email, otp: "12" });
    await browser.post("/api/support/check_chat_email", { email });

    await browser.post("/api/support/upload", {});
    const registered = await browser.post("/api/support/register", { username: "Asha", email });
    const conversationId = (registered.body as { conversation_id: number }).conversation_id;
    await browser.post("/api/support/register", { username: "Asha", email: uniqueEmail() });

    const form = new FormData();
    form.append("file", new Blob([await solid("png", 8, 8)], { type: "image/png" }), "a.png");
    const upload = await fetch(`${server.baseUrl}/api/support/upload`, {
      method: "POST",
      headers: { origin: browser.origin, cookie: browser.cookieHeader() },
      body: form,
    });
    const { url } = (await upload.json()) as { url: string };
    await stranger.post("/api/support/upload", {});
    await browser.get(url);
    await stranger.get(url);
    await browser.get("/api/support/uploads/nothing-here.png");

    const agent = await connectedAgent(server);
    agent.socket.send({
      message_type: "message",
      conversation_id: conversationId,
      message: "Hi Asha",
      msg_type: "text",
      client_id: newClientId(),
    });
    await agent.socket.next((f) => f.message_type === "ack");
    const path = `/api/support/get_message/${encodeURIComponent(email)}/`;
    await browser.get(path);
    await browser.get(`${path}?after=1`);
    await browser.get(`${path}?after=x`);
    await stranger.get(path);
    await browser.get(`/api/support/get_message/${encodeURIComponent(uniqueEmail())}/`);
    await browser.get(`/api/support/conversations/${conversationId}`);
    await browser.get("/api/support/session");
    await stranger.get("/api/support/session");
    await browser.get("/api/support/conversations/999999");
    await stranger.get(`/api/support/conversations/${conversationId}`);
    const ratingToken = await issueRatingToken(server.app.database.db, conversationId, Date.now());
    await browser.post("/api/support/rating", { rating_token: ratingToken, score: 5 });
    await browser.post("/api/support/rating", { rating_token: ratingToken, score: 9 });
    await browser.get("/api/support/availability");
    agent.socket.close();

    expect(mismatches).toEqual([]);
    for (const key of declared.keys()) {
      expect(answered.get(key)?.has(200), `${key} answered 200`).toBe(true);
      // A route that reads no input has nothing to refuse but its rate limit.
      if (takesNoInput.has(key)) continue;
      expect(
        [...(answered.get(key) ?? [])].some((s) => s >= 400 && s < 500),
        `${key} refused something`,
      ).toBe(true);
    }
  });
});
