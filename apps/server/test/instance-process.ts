/**
 * Processes for the tests that run more than one thing: the bundled server (dist/server.js) as a
 * child process, and a redis-server of the test's own on a spare port, which the test may kill
 * and start again without disturbing anybody else's Redis.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";

export const SERVER_ENTRY = fileURLToPath(new URL("../dist/server.js", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  wsUrl: string;
  /** Everything it wrote, for a failing test's message. */
  output(): string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); resolves when it has exited. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

/**
 * Starts dist/server.js with `env` on `port` and resolves once it listens; `nodeArgs` go before
 * the entry (a module preloaded with `--import`, for instance).
 */
export function startServerProcess(
  env: Record<string, string>,
  port: number,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(process.env.SITE_DIR ? { SITE_DIR: process.env.SITE_DIR } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const proc: ServerProcess = {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 30_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
      if (output.includes("Server listening")) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${output}`));
    });
  });
}

export interface RedisProcess {
  url: string;
  /** Kills it (SIGKILL: no goodbye to the clients) and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved). */
  restart(): Promise<void>;
}

/** A redis-server of the test's own, without persistence; null when none can be started. */
export async function startRedisProcess(port: number): Promise<RedisProcess | null> {
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const launch = async (): Promise<boolean> => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const failed = new Promise<boolean>((resolve) => {
      child?.once("error", () => resolve(false));
      child?.once("exit", () => resolve(false));
    });
    const answered = (async () => {
      for (let i = 0; i < 100; i++) {
        const client = new Redis(url, {
          lazyConnect: true,
          retryStrategy: () => null,
          maxRetriesPerRequest: 0,
        });
        client.on("error", () => undefined);
        try {
          await client.connect();
          if ((await client.ping()) === "PONG") return true;
        } catch {
          // Not up yet.
        } finally {
          client.disconnect();
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    })();
    return Promise.race([failed, answered]);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await gone;
  };
  if (!(await launch())) {
    await kill();
    return null;
  }
  return {
    url,
    kill,
    async restart() {
      await kill();
      if (!(await launch())) throw new Error(`redis-server did not start again on ${port}`);
    },
  };
}
