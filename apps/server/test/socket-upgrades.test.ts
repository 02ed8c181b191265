/**
 * Upgrades per session are limited: a client reconnecting in a loop gets 429 after a burst of 20,
 * instead of making every console hear each socket come and go. And what the consoles do hear is
 * settled per visitor: a visitor flapping online and offline (reconnects, many tabs) sends a
 * console a frame per settle window, never one per change, and always the state they ended in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upgradeLimits } from "../src/routes/ws/chat-sockets";
import { VISITOR_PRESENCE_SETTLE_MS } from "../src/chat/chat-presence";
import {
  AGENT_ENV,
  chattingVisitor,
  connectedAgent,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
} from "./chat-harness";

const pgUp = await postgresFor("the socket upgrade tests");

describe.each(stores)("socket upgrades per session on $name", (store) => {
  const run = !store.pg || pgUp;
  let server: ChatServer;
  beforeAll(async () => {
    if (run) server = await startChatServerOn(store, AGENT_ENV);
  });
  afterAll(async () => server?.close());

  it.runIf(run)("refuses the 21st reconnect in a row with 429", async () => {
    expect(upgradeLimits.burst).toBe(20);
    const visitor = await chattingVisitor(server);
    const path = `/ws/support/${encodeURIComponent(visitor.email)}/`;
    visitor.socket.close();
    await visitor.socket.closed;
    // chattingVisitor's socket was the first upgrade; 19 more, each closed before the next.
    for (let i = 2; i <= upgradeLimits.burst; i++) {
      const socket = visitor.browser.socket(path);
      await socket.opened;
      socket.close();
      await socket.closed;
    }
    const refused = visitor.browser.socket(path);
    await expect(refused.opened).rejects.toThrow("upgrade refused: 429");
  });

  it.runIf(run)(
    "a visitor flapping online and offline costs a console a few presence frames, ending offline",
    async () => {
      const agent = await connectedAgent(server);
      const visitor = await chattingVisitor(server);
      const path = `/ws/support/${encodeURIComponent(visitor.email)}/`;
      const heard = () =>
        agent.socket.frames.filter(
          (f) => f.message_type === "visitor_presence" && f.visitor_email === visitor.email,
        );
      await agent.socket.next(
        (f) => f.message_type === "visitor_presence" && f.visitor_email === visitor.email,
      );
      expect(heard()).toEqual([
        { message_type: "visitor_presence", visitor_email: visitor.email, online: true },
      ]);

      // The tab closes, one tab reconnects 15 times, each closed before the next, then three
      // tabs open at once and all close: 33 first-or-last changes, 19 upgrades (under the limit).
      const started = Date.now();
      visitor.socket.close();
      await visitor.socket.closed;
      for (let i = 0; i < 15; i++) {
        const socket = visitor.browser.socket(path);
        await socket.opened;
        socket.close();
        await socket.closed;
      }
      const tabs = [0, 1, 2].map(() => visitor.browser.socket(path));
      await Promise.all(tabs.map((t) => t.opened));
      for (const tab of tabs) tab.close();
      await Promise.all(tabs.map((t) => t.closed));
      const flapped = Date.now() - started;

      // Every window has sent its frame; the last one says where the visitor ended: gone.
      await server.app.chatPresence.settled();
      const offline = {
        message_type: "visitor_presence",
        visitor_email: visitor.email,
        online: false,
      };
      await expect.poll(() => heard().at(-1)).toEqual(offline);
      // Windows run one after another, each one settle window long: no more frames than windows
      // fit in the time the flapping took, and one more for the last. Unsettled, each of the 33
      // changes was a frame.
      const windows = Math.ceil(flapped / VISITOR_PRESENCE_SETTLE_MS) + 1;
      const frames = heard().length - 1;
      expect(frames).toBeGreaterThanOrEqual(1);
      expect(frames).toBeLessThanOrEqual(windows);
      expect(frames).toBeLessThan(33);
      agent.socket.close();
    },
  );
});
