/**
 * Presence on a transport that answers later, as Redis does: commands apply in the order they were
 * sent, each answered only when the server gets to it. A question asked once an agent's socket is
 * open must see everything that socket's arrival counted.
 */
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { InProcessTransport, ChatBroker, type BrokerTransport, type Unsubscribe } from "./broker";
import { ChatPresence } from "./chat-presence";

/** Applies each command to an in-process transport, one at a time and only when drained. */
class LaterTransport implements BrokerTransport {
  private readonly inner = new InProcessTransport();
  private readonly sent: (() => Promise<void>)[] = [];

  private later<T>(command: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.sent.push(() => command().then(resolve, reject));
    });
  }

  /** Answers the commands in the order they were sent, including those sent meanwhile. */
  async drain(): Promise<void> {
    for (let next = this.sent.shift(); next; next = this.sent.shift()) {
      await next();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  publish(channel: string, payload: unknown): Promise<void> {
    return this.later(() => this.inner.publish(channel, payload));
  }
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<Unsubscribe> {
    return this.inner.subscribe(channel, handler);
  }
  setPresent(key: string, member: string, present: boolean): Promise<number> {
    return this.later(() => this.inner.setPresent(key, member, present));
  }
  claimPresence(key: string, member: string, max: number): Promise<boolean> {
    return this.later(() => this.inner.claimPresence(key, member, max));
  }
  countPresent(key: string): Promise<number> {
    return this.later(() => this.inner.countPresent(key));
  }
  healthy(): boolean {
    return true;
  }
  onResync(): Unsubscribe {
    return this.inner.onResync();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

const quiet = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe("agent presence on a transport that answers later", () => {
  it("counts an arriving agent before any question asked after the socket opened", async () => {
    const transport = new LaterTransport();
    const presence = new ChatPresence(new ChatBroker(transport, quiet));
    // The socket's set-up starts as it opens; the agents screen asks right after.
    const arrived = presence.agentSocket(7, "instance:1", true);
    const online = presence.agentOnline(7);
    const anyone = presence.agentsOnline();
    await transport.drain();
    await arrived;
    expect(await online).toBe(true);
    expect(await anyone).toBe(true);

    const left = presence.agentSocket(7, "instance:1", false);
    const stillOnline = presence.agentOnline(7);
    await transport.drain();
    await left;
    expect(await stillOnline).toBe(false);
  });
});
