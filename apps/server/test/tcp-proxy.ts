/**
 * A TCP proxy the test controls, in front of a shared service (PostgreSQL, an SMTP sink): cut()
 * ends every connection through it and refuses new ones, as a stopped server would; restore()
 * accepts again on the same port. An outage is simulated without stopping a service others use.
 */
import { createServer, connect, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Ends every open connection (reset, as a killed server's) and stops listening. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** How many connections were accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetPort: number,
  targetHost = "127.0.0.1",
): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let accepted = 0;
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        accepted += 1;
        const upstream = connect(targetPort, targetHost);
        open.add(client);
        open.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        const address = next.address();
        port = typeof address === "object" && address ? address.port : port;
        server = next;
        resolve();
      });
    });

  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    accepted: () => accepted,
    close: stop,
  };
}
