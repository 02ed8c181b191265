import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatConnection, type ConnectionStatus } from "./chat-connection";
import { FakeSocket, fakeBrowser } from "./fake-browser.test-support";

function connection() {
  const browser = fakeBrowser();
  const statuses: ConnectionStatus[] = [];
  const frames: unknown[] = [];
  const closes: { opened: boolean; code: number }[] = [];
  let opens = 0;
  const conn = new ChatConnection("ws://site/ws/support/a%40b.example/", browser.env, {
    onStatus: (s) => statuses.push(s),
    onOpen: () => opens++,
    onFrame: (f) => frames.push(f),
    onClose: (c) => closes.push(c),
  });
  return { browser, conn, statuses, frames, closes, opens: () => opens };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("ChatConnection", () => {
  it("connects, reports open and hands over parsed frames", () => {
    const { browser, conn, statuses, frames, opens } = connection();
    conn.start();
    expect(browser.last.url).toBe("ws://site/ws/support/a%40b.example/");
    expect(conn.current).toEqual({ kind: "connecting", resuming: false });
    browser.last.open();
    expect(conn.current).toEqual({ kind: "open" });
    expect(opens()).toBe(1);
    browser.last.receive({ message_type: "presence", agents_online: true });
    browser.last.onmessage?.({ data: "not json" });
    expect(frames).toEqual([{ message_type: "presence", agents_online: true }]);
    expect(statuses.map((s) => s.kind)).toEqual(["connecting", "open"]);
  });

  it("sends only while open", () => {
    const { browser, conn } = connection();
    conn.start();
    expect(conn.send({ a: 1 })).toBe(false);
    browser.last.open();
    expect(conn.send({ a: 1 })).toBe(true);
    expect(browser.last.sent).toEqual([{ a: 1 }]);
  });

  it("reconnects with growing, capped delays and starts over after a good connection", () => {
    const { browser, conn, closes } = connection();
    conn.start();
    browser.last.open();
    browser.last.drop(1001);
    expect(closes).toEqual([{ opened: true, code: 1001 }]);
    // random() = 0.5: 750 ms, then 1.5 s, 3 s, 6 s, 12 s, then 22.5 s (half-jittered 30 s cap).
    const expected = [750, 1500, 3000, 6000, 12000, 22500, 22500, 22500];
    for (const delay of expected) {
      expect(conn.current).toEqual({
        kind: "reconnecting",
        retryAt: Date.now() + delay,
        offline: false,
      });
      const before = browser.sockets.length;
      vi.advanceTimersByTime(delay - 1);
      expect(browser.sockets.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(browser.sockets.length).toBe(before + 1);
      expect(conn.current).toEqual({ kind: "connecting", resuming: true });
      browser.last.drop();
    }
    expect(closes.slice(1).every((c) => !c.opened)).toBe(true);
    vi.advanceTimersByTime(30_000);
    browser.last.open();
    browser.last.drop(1001);
    expect(conn.current).toMatchObject({ retryAt: Date.now() + 750 });
  });

  it("tries at once when the browser is back online or the tab becomes visible", () => {
    const { browser, conn } = connection();
    conn.start();
    browser.last.open();
    browser.last.drop();
    vi.advanceTimersByTime(750);
    browser.last.drop();
    expect(conn.current.kind).toBe("reconnecting");
    const count = browser.sockets.length;
    browser.becomeVisible();
    expect(browser.sockets.length).toBe(count + 1);
    browser.last.drop();
    browser.goOnline();
    expect(browser.sockets.length).toBe(count + 2);
    browser.last.open();
    // Visible again while connected: nothing to do.
    browser.becomeVisible();
    expect(browser.sockets.length).toBe(count + 2);
  });

  it("drops the socket when the browser goes offline and says so", () => {
    const { browser, conn, closes } = connection();
    conn.start();
    const first = browser.last;
    first.open();
    browser.goOffline();
    expect(first.closedWith).toBe(4000);
    expect(closes).toEqual([{ opened: true, code: 4000 }]);
    expect(conn.current).toMatchObject({ kind: "reconnecting", offline: true });
    expect(conn.send({ a: 1 })).toBe(false);
    // A late close event of the dropped socket changes nothing.
    first.drop();
    expect(closes).toHaveLength(1);
    browser.goOnline();
    expect(conn.current).toEqual({ kind: "connecting", resuming: true });
  });

  it("stops for good: no reconnect, no listeners left", () => {
    const { browser, conn } = connection();
    conn.start();
    browser.last.open();
    conn.stop();
    expect(browser.last.closedWith).toBe(1000);
    expect(conn.current).toEqual({ kind: "stopped" });
    expect(browser.watching).toBe(false);
    browser.last.drop();
    vi.advanceTimersByTime(60_000);
    expect(browser.sockets).toHaveLength(1);
  });

  it("lets the close listener stop it, so no retry is scheduled", () => {
    const browser = fakeBrowser();
    const conn: ChatConnection<object> = new ChatConnection("ws://x/", browser.env, {
      onStatus: () => undefined,
      onOpen: () => undefined,
      onFrame: () => undefined,
      onClose: () => conn.stop(),
    });
    conn.start();
    browser.last.drop();
    vi.advanceTimersByTime(60_000);
    expect(browser.sockets).toHaveLength(1);
    expect(conn.current.kind).toBe("stopped");
  });
});

describe("ChatConnection with the HTTP fallback", () => {
  function withFallback(timing: { firstFrameMs?: number } = {}) {
    const browser = fakeBrowser();
    const fallbacks: FakeSocket[] = [];
    browser.env.createFallback = (url) => {
      const socket = new FakeSocket(url);
      fallbacks.push(socket);
      return socket;
    };
    const frames: unknown[] = [];
    let opens = 0;
    const conn = new ChatConnection(
      "wss://site/ws/support/a%40b.example/",
      browser.env,
      {
        onStatus: () => undefined,
        onOpen: () => opens++,
        onFrame: (f) => frames.push(f),
        onClose: () => undefined,
      },
      { openMs: 8000, retrySocketMs: 60_000, ...timing },
    );
    return { browser, fallbacks, conn, frames, opens: () => opens };
  }

  it("switches to the fallback at once when the upgrade is refused, on the /sse/ address", () => {
    const { browser, fallbacks, conn, frames } = withFallback();
    conn.start();
    browser.last.drop(1006);
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]?.url).toBe("https://site/sse/support/a%40b.example/");
    expect(conn.transport).toBe("http");
    fallbacks[0]?.open();
    expect(conn.current).toEqual({ kind: "open" });
    expect(conn.send({ a: 1 })).toBe(true);
    expect(fallbacks[0]?.sent).toEqual([{ a: 1 }]);
    fallbacks[0]?.receive({ message_type: "ack", client_id: "x", id: 1 });
    expect(frames).toEqual([{ message_type: "ack", client_id: "x", id: 1 }]);
  });

  it("gives a socket that neither opens nor speaks up for the fallback", () => {
    const hanging = withFallback();
    hanging.conn.start();
    vi.advanceTimersByTime(7999);
    expect(hanging.fallbacks).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(hanging.browser.last.closedWith).toBe(4000);
    expect(hanging.fallbacks).toHaveLength(1);

    const silent = withFallback({ firstFrameMs: 5000 });
    silent.conn.start();
    silent.browser.last.open();
    vi.advanceTimersByTime(5000);
    expect(silent.fallbacks).toHaveLength(1);

    const speaking = withFallback({ firstFrameMs: 5000 });
    speaking.conn.start();
    speaking.browser.last.open();
    speaking.browser.last.receive({ message_type: "presence", agents_online: true });
    vi.advanceTimersByTime(60_000);
    expect(speaking.fallbacks).toHaveLength(0);
    expect(speaking.conn.transport).toBe("websocket");
  });

  it("stays on the fallback across its reconnects and moves back once a socket answers", () => {
    const { browser, fallbacks, conn, frames, opens } = withFallback({ firstFrameMs: 5000 });
    conn.start();
    browser.last.drop(1006);
    fallbacks[0]?.open();
    // The stream drops: the next attempt is the fallback again, after the backoff.
    fallbacks[0]?.drop(1006);
    vi.advanceTimersByTime(750);
    expect(fallbacks).toHaveLength(2);
    fallbacks[1]?.open();
    expect(opens()).toBe(2);
    // A minute on: a socket is tried in the background; refused, the next try waits twice as long.
    const sockets = browser.sockets.length;
    vi.advanceTimersByTime(60_000);
    expect(browser.sockets.length).toBe(sockets + 1);
    browser.last.drop(1006);
    expect(conn.transport).toBe("http");
    vi.advanceTimersByTime(119_999);
    expect(browser.sockets.length).toBe(sockets + 1);
    vi.advanceTimersByTime(1);
    // This one opens and speaks: it replaces the stream, whose frame still counts.
    browser.last.open();
    browser.last.receive({ message_type: "presence", agents_online: false });
    expect(conn.transport).toBe("websocket");
    expect(fallbacks[1]?.closedWith).toBe(1000);
    expect(frames.at(-1)).toEqual({ message_type: "presence", agents_online: false });
    expect(opens()).toBe(3);
    expect(conn.send({ b: 2 })).toBe(true);
    expect(browser.last.sent).toEqual([{ b: 2 }]);
  });
});
