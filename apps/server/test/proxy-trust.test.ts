/**
 * Behind a proxy (TRUST_PROXY), per-IP limits count the client the proxy saw, never an address the
 * client wrote into X-Forwarded-For itself; IPv6 clients are counted by their /64. Runs the real
 * contact limit (10 per 15 minutes), not a lowered one.
 */
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { defaultContactRateLimit } from "../src/routes/api/support/contact-us";
import { testApp } from "./helpers";

const message = {
  name: "Ravi Menon",
  email: "ravi@works.example",
  message: "Could we move our 30 people from spreadsheets to timesheets next month?",
};

function contact(app: FastifyInstance, forwardedFor: string) {
  return app.inject({
    method: "POST",
    url: "/api/support/contact_us",
    headers: { "x-forwarded-for": forwardedFor },
    payload: message,
  });
}

describe("client addresses behind a proxy", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("holds the contact limit of 10 per 15 minutes against made-up X-Forwarded-For entries", async () => {
    expect(defaultContactRateLimit).toEqual({ max: 10, timeWindowMs: 15 * 60_000 });
    app = await testApp({ TRUST_PROXY: "1" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // The client prepends a fresh address each time; the proxy appends the one it saw.
      statuses.push((await contact(app, `198.51.100.${i}, 203.0.113.9`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    // Another client behind the same proxy has its own budget.
    expect((await contact(app, "203.0.113.10")).statusCode).toBe(200);
  });

  it("counts every address of one IPv6 /64 as one client", async () => {
    app = await testApp({ TRUST_PROXY: "1" });
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      statuses.push((await contact(app, `2001:db8:7:9::${i.toString(16)}`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect((await contact(app, "2001:db8:7:a::1")).statusCode).toBe(200);
  });

  it("ignores X-Forwarded-For entirely without TRUST_PROXY", async () => {
    app = await testApp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await contact(app, `203.0.113.${i}`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it("stores the same hash for two addresses of one IPv6 /64", async () => {
    app = await testApp({ TRUST_PROXY: "1" });
    expect(app.hashIp("2001:db8:7:9::1")).toBe(app.hashIp("2001:db8:7:9:ffff::2"));
    expect(app.hashIp("2001:db8:7:9::1")).not.toBe(app.hashIp("2001:db8:7:8::1"));
    expect(app.hashIp("::ffff:192.0.2.1")).toBe(app.hashIp("192.0.2.1"));
  });
});
