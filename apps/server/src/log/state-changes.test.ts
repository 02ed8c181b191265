import { describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { createStateChanges } from "./state-changes";

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg: string) => lines.push({ level, msg });
  const log = { warn: at("warn"), info: at("info") } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe("state changes in the log", () => {
  it("writes one line when a dependency goes down and one when it is back, not one per probe", () => {
    const { log, lines } = recordingLog();
    const states = createStateChanges(log);
    states.report("redis", true);
    for (let i = 0; i < 50; i++) states.report("redis", false, new Error("ECONNREFUSED"));
    for (let i = 0; i < 50; i++) states.report("redis", true);
    states.report("database", false);
    expect(lines).toEqual([
      { level: "warn", msg: "redis is down" },
      { level: "info", msg: "redis is back" },
      { level: "warn", msg: "database is down" },
    ]);
  });
});
