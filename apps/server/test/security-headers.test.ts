/**
 * Every answer carries the security headers, including those no route or hook produced: a URL
 * Fastify cannot decode, a request Node cannot parse as HTTP, and a request during shutdown.
 */
import { connect, type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "./helpers";

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers["content-security-policy"]).toEqual(expect.stringContaining("default-src"));
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

/** Sends raw bytes and reads the whole answer. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

function headersOf(raw: string): Record<string, string> {
  const [head = ""] = raw.split("\r\n\r\n");
  const out: Record<string, string> = {};
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}

describe("security headers on every answer", () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await testApp();
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it.each(["/%E0%A4%A", "/api/support/get_message/%E0/", "/ws/support/%zz/", "/%"])(
    "on the 400 for the undecodable URL %s",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, error: { code: "bad_request" } });
      expectSecurityHeaders(res.headers);
    },
  );

  it("on the 400 for a request that is not HTTP", async () => {
    const answer = await rawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n");
    expect(answer.startsWith("HTTP/1.1 400")).toBe(true);
    expectSecurityHeaders(headersOf(answer));
    expect(answer).toContain('"status":400');
  });

  it("on the 404s of the site and the API, and on a 405-like unknown method", async () => {
    for (const [method, url] of [
      ["GET", "/no-such-page"],
      ["GET", "/api/nothing"],
      ["PROPFIND", "/"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(res.headers);
    }
  });

  it("on the 503 of a request that arrives while the server shuts down", async () => {
    const closing = await testApp();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A request still being answered when the shutdown starts keeps its connection open.
    closing.get("/test-held", async () => {
      await held;
      return { status: 200 };
    });
    await closing.listen({ port: 0, host: "127.0.0.1" });
    const closingPort = (closing.server.address() as AddressInfo).port;
    const socket = connect(closingPort, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.once("close", resolve));
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /test-held HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A second request on the same kept-alive connection, after the shutdown began.
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([closed, ended]);
    const second = answer.slice(answer.indexOf("HTTP/1.1", 1));
    expect(answer.startsWith("HTTP/1.1 200")).toBe(true);
    expect(second.startsWith("HTTP/1.1 503")).toBe(true);
    expectSecurityHeaders(headersOf(second));
  });
});
