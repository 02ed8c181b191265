import { Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { serializeRequest } from "./redaction";
import { RequestLogger } from "./request-logger";

/** A pino logger like the app's (redaction, the request serializer), writing into `lines`. */
function capturingLogger(level = "info") {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").trim().split("\n"));
      done();
    },
  });
  const logger = pino(
    {
      level,
      base: null,
      timestamp: false,
      redact: ["req.headers.cookie", "*.headers.cookie"],
      serializers: { req: serializeRequest },
    },
    stream,
  ) as FastifyBaseLogger;
  return { logger, lines };
}

const fakeRequest = {
  method: "POST",
  url: "/sse/support/ada%40example.com/",
  host: "localhost:3000",
  ip: "127.0.0.1",
  socket: { remotePort: 1234 },
};

describe("the per-request logger", () => {
  it("writes the very lines a pino child would, byte for byte", () => {
    const lines = (make: (parent: FastifyBaseLogger) => FastifyBaseLogger) => {
      const { logger, lines: out } = capturingLogger();
      const log = make(logger);
      log.info({ req: fakeRequest, res: { statusCode: 200 }, responseTime: 1.2 }, "answered");
      log.info("a plain message");
      log.warn({ side: "visitor" }, "with %s args", "format");
      log.error(new Error("boom"), "failed");
      log.child({ inner: 1 }).info({ x: 2 }, "from a grandchild");
      log.debug({ hidden: true }, "below the level");
      return out.map((line) => line.replace(/"stack":"[^"]*"/, '"stack":"…"'));
    };
    const bindings = { requestId: "req-1" };
    const real = lines((parent) => parent.child(bindings, {}));
    const lazy = lines((parent) => new RequestLogger(parent, bindings, {}));
    expect(real).toHaveLength(5);
    expect(lazy).toEqual(real);
    expect(real[0]).not.toContain("ada");
  });

  it("makes no child for a request log line, nor for a line below the level", () => {
    const { logger, lines } = capturingLogger("warn");
    const child = vi.spyOn(logger, "child");
    const log = new RequestLogger(logger, { requestId: "req-2" }, {});
    expect(log.level).toBe("warn");
    log.info({ res: { statusCode: 200 } }, "request answered");
    log.warn({ res: { statusCode: 404 } }, "request answered");
    expect(child).not.toHaveBeenCalled();
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 40, requestId: "req-2", res: { statusCode: 404 }, msg: "request answered" },
    ]);
  });

  it("keeps a route's own level", () => {
    const { logger, lines } = capturingLogger("info");
    const log = new RequestLogger(logger, { requestId: "req-3" }, { level: "warn" });
    expect(log.level).toBe("warn");
    log.info({ a: 1 }, "skipped");
    log.warn({ a: 2 }, "kept");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ requestId: "req-3", a: 2, msg: "kept" });
  });
});
