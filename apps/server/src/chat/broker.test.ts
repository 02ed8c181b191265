import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { ChatBroker, InProcessTransport } from "./broker";
import { channels } from "./broker-channels";

describe("InProcessTransport presence", () => {
  it("answers the count right after each change, so only the first join and the last leave see 1 and 0", async () => {
    const broker = new InProcessTransport();
    // Two sockets joining in the same moment: each learns its own count, never both 2.
    const joined = await Promise.all([
      broker.setPresent("visitor:a@example.com", "tab-1", true),
      broker.setPresent("visitor:a@example.com", "tab-2", true),
    ]);
    expect(joined).toEqual([1, 2]);
    expect(await broker.setPresent("visitor:a@example.com", "tab-2", true)).toBe(2);
    expect(await broker.countPresent("visitor:a@example.com")).toBe(2);

    expect(await broker.setPresent("visitor:a@example.com", "tab-1", false)).toBe(1);
    expect(await broker.setPresent("visitor:a@example.com", "tab-2", false)).toBe(0);
    expect(await broker.setPresent("visitor:a@example.com", "tab-2", false)).toBe(0);
    expect(await broker.countPresent("visitor:a@example.com")).toBe(0);
    await broker.close();
  });
});

describe("InProcessTransport claims", () => {
  it("lets a member in only below the limit, and again once one left", async () => {
    const t = new InProcessTransport();
    const claims = await Promise.all(
      ["a", "b", "c", "d"].map((m) => t.claimPresence("socket-session:1", m, 3)),
    );
    expect(claims).toEqual([true, true, true, false]);
    // A member already in is not refused by its own place.
    expect(await t.claimPresence("socket-session:1", "a", 3)).toBe(true);
    await t.setPresent("socket-session:1", "b", false);
    expect(await t.claimPresence("socket-session:1", "d", 3)).toBe(true);
    expect(await t.countPresent("socket-session:1")).toBe(3);
    expect(t.healthy()).toBe(true);
    await t.close();
  });
});

/** A broker whose log lines are kept, over a transport the test can also publish raw payloads on. */
function recordingBroker() {
  const lines: { level: "warn" | "error"; msg: string; channel?: unknown }[] = [];
  const record = (level: "warn" | "error") => (fields: { channel?: unknown }, msg: string) =>
    lines.push({ level, msg, channel: fields.channel });
  // The two levels the broker writes at; anything else it called would throw here.
  const log = { warn: record("warn"), error: record("error") } as unknown as FastifyBaseLogger;
  const transport = new InProcessTransport();
  return { broker: new ChatBroker(transport, log), transport, lines };
}

describe("ChatBroker channels", () => {
  it("delivers a payload that matches its channel's schema, parsed", async () => {
    const { broker } = recordingBroker();
    const got: unknown[] = [];
    await broker.subscribe(channels.presence, (frame) => got.push(frame));
    await broker.publish(channels.presence, { message_type: "presence", agents_online: true });
    expect(got).toEqual([{ message_type: "presence", agents_online: true }]);
  });

  it("drops and logs a payload that does not match, and still delivers the next one", async () => {
    const { broker, transport, lines } = recordingBroker();
    const got: unknown[] = [];
    await broker.subscribe(channels.agentSessions, (event) => got.push(event));
    // As another instance (or an older version of this one) might send it.
    await transport.publish("agent-sessions", { sessionId: "7" });
    await transport.publish("agent-sessions", "garbage");
    await broker.publish(channels.agentSessions, { sessionId: 7, agentId: 2 });
    expect(got).toEqual([{ sessionId: 7, agentId: 2 }]);
    const dropped = lines.filter((l) => /does not match/.test(l.msg));
    expect(dropped).toHaveLength(2);
    expect(dropped[0]).toMatchObject({ level: "warn", channel: "agent-sessions" });
  });

  it("keeps each channel's payloads to itself, and a visitor's to that visitor", async () => {
    const { broker } = recordingBroker();
    const ana: unknown[] = [];
    const bo: unknown[] = [];
    await broker.subscribe(channels.visitor("ana@example.com"), (f) => ana.push(f));
    await broker.subscribe(channels.visitor("bo@example.com"), (f) => bo.push(f));
    const typing = {
      message_type: "typing" as const,
      conversation_id: 1,
      typing: true,
      from: "agent" as const,
    };
    await broker.publish(channels.visitor("ana@example.com"), typing);
    expect(ana).toEqual([typing]);
    expect(bo).toEqual([]);
  });

  it("logs a subscriber that throws, without failing the publisher or the other subscribers", async () => {
    const { broker, lines } = recordingBroker();
    const heard: unknown[] = [];
    await broker.subscribe(channels.visitorSessions, () => {
      throw new Error("a broken subscriber");
    });
    await broker.subscribe(channels.visitorSessions, (event) => heard.push(event));
    await expect(
      broker.publish(channels.visitorSessions, { sessionId: 3 }),
    ).resolves.toBeUndefined();
    expect(heard).toEqual([{ sessionId: 3 }]);
    expect(lines.find((l) => l.msg === "a broker subscriber failed")).toMatchObject({
      level: "error",
    });
  });

  it("hands its own subscribers a payload built here as it is, and parses one from elsewhere", async () => {
    const { broker, transport, lines } = recordingBroker();
    const got: unknown[] = [];
    await broker.subscribe(channels.visitorSessions, (event) => got.push(event));
    const built = { sessionId: 5 };
    await broker.publishBuilt(channels.visitorSessions, built);
    // The same object: nothing parsed it into a copy.
    expect(got[0]).toBe(built);
    // The same fields arriving from another instance are a new object: parsed, so a key the
    // schema does not know is stripped, and a wrong payload is dropped.
    await transport.publish("visitor-sessions", { sessionId: 6, extra: "x" });
    await transport.publish("visitor-sessions", { sessionId: "7" });
    expect(got.slice(1)).toEqual([{ sessionId: 6 }]);
    expect(lines.filter((l) => /does not match/.test(l.msg))).toHaveLength(1);
    // What publish (not publishBuilt) sends is parsed too, even from here.
    await broker.publish(channels.visitorSessions, { sessionId: 8, extra: "y" } as never);
    expect(got.slice(2)).toEqual([{ sessionId: 8 }]);
  });

  it("stops delivering once unsubscribed", async () => {
    const { broker } = recordingBroker();
    const got: unknown[] = [];
    const stop = await broker.subscribe(channels.visitorSessions, (e) => got.push(e));
    stop();
    await broker.publish(channels.visitorSessions, { sessionId: 3 });
    expect(got).toEqual([]);
  });
});
