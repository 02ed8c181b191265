/**
 * Upgrades per session are limited: a client reconnecting in a loop gets 429 after a burst of 20,
 * instead of making every console hear each socket come and go.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upgradeLimits } from "../src/routes/ws/chat-sockets";
import {
  chattingVisitor,
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
    if (run) server = await startChatServerOn(store);
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
});
