/**
 * Writers under load for the fault tests: chat sockets that each send a numbered message every
 * 250 ms while a fault happens, and behave as the widget and the console do: every frame carries a
 * client_id; a frame not yet acknowledged goes again with the same client_id after a reconnect (a
 * socket that drops reconnects through the same front) and after a refusal the server calls
 * temporary. Afterwards `checkDelivered` proves nothing acknowledged was lost, duplicated or
 * reordered.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import type { Browser, Frame, FrameSocket } from "./chat-harness";
import { newClientId } from "./chat-harness";

export interface LoadWriter {
  /** Who writes, for messages. */
  label: string;
  browser: Browser;
  socket: FrameSocket;
  /** Where the socket reconnects. */
  socketPath: string;
  /** What goes into every frame besides message, msg_type and client_id. */
  frameFields: Record<string, unknown>;
  /** The client_ids of this run, in the order written. */
  sent: string[];
  acked: Map<string, number>;
  pending: Map<string, Record<string, unknown>>;
  /** Told to catch up (on whichever of its sockets). */
  caughtUp: boolean;
  /** Error frames received for its own messages (each answered by sending again). */
  refusals: number;
}

export function loadWriter(
  label: string,
  browser: Browser,
  socket: FrameSocket,
  socketPath: string,
  frameFields: Record<string, unknown> = {},
): LoadWriter {
  return {
    label,
    browser,
    socket,
    socketPath,
    frameFields,
    sent: [],
    acked: new Map(),
    pending: new Map(),
    caughtUp: false,
    refusals: 0,
  };
}

/**
 * Every writer writes until `disrupt` has run and `settleMs` more have passed; resolves once every
 * message has been acknowledged (or throws after `drainMs`). Returns how many sockets reconnected.
 */
export async function writeUnderLoad(
  writers: LoadWriter[],
  disrupt: () => Promise<void>,
  { settleMs = 2_000, drainMs = 30_000 }: { settleMs?: number; drainMs?: number } = {},
): Promise<{ reconnects: number }> {
  let reconnects = 0;
  let stopping = false;
  const track = (w: LoadWriter) => {
    const socket = w.socket;
    socket.ws.on("message", (data) => {
      const f = JSON.parse(String(data)) as Frame;
      if (f.message_type === "ack" && typeof f.client_id === "string") {
        const before = w.acked.get(f.client_id);
        if (before !== undefined && before !== f.id) throw new Error("ack changed its id");
        w.acked.set(f.client_id, f.id as number);
        w.pending.delete(f.client_id);
      }
      if (f.message_type === "error" && typeof f.client_id === "string") {
        const frame = w.pending.get(f.client_id);
        if (frame) {
          w.refusals += 1;
          // As the clients do with a refusal the server calls temporary: the same frame, later.
          setTimeout(() => {
            if (w.socket === socket && socket.ws.readyState === socket.ws.OPEN) socket.send(frame);
          }, 500);
        }
      }
      if (f.message_type === "catch_up") w.caughtUp = true;
    });
    socket.ws.once("close", () => void reconnect(w));
  };
  const reconnect = async (w: LoadWriter) => {
    for (let attempt = 0; !stopping && attempt < 200; attempt++) {
      await sleep(200 + Math.random() * 300);
      const socket = w.browser.socket(w.socketPath);
      try {
        await socket.opened;
      } catch {
        continue;
      }
      reconnects += 1;
      w.socket = socket;
      track(w);
      for (const frame of w.pending.values()) socket.send(frame);
      return;
    }
  };
  for (const w of writers) track(w);

  let writing = true;
  const loops = writers.map(async (w) => {
    let n = 0;
    while (writing) {
      const clientId = newClientId();
      const frame = {
        ...w.frameFields,
        message: `${w.label} #${n++}`,
        msg_type: "text",
        client_id: clientId,
      };
      w.sent.push(clientId);
      w.pending.set(clientId, frame);
      if (w.socket.ws.readyState === w.socket.ws.OPEN) w.socket.send(frame);
      await sleep(250);
    }
  });
  await sleep(settleMs);
  await disrupt();
  await sleep(settleMs);
  writing = false;
  await Promise.all(loops);
  try {
    await expect
      .poll(() => writers.reduce((sum, w) => sum + w.pending.size, 0), { timeout: drainMs })
      .toBe(0);
  } finally {
    stopping = true;
  }
  return { reconnects };
}

interface StoredMessage {
  id: number;
  client_id: string | null;
}

/**
 * Each writer's messages of this run are stored once each, with the id they were acknowledged
 * with, in the order written; `history` reads a writer's stored messages. Returns how many were
 * acknowledged in all.
 */
export async function checkDelivered<W extends LoadWriter>(
  writers: W[],
  history: (w: W) => Promise<StoredMessage[]>,
): Promise<number> {
  let acked = 0;
  for (const w of writers) {
    const stored = await history(w);
    const all = stored.map((m) => m.client_id);
    const sentNow = new Set(w.sent);
    const mine = all.filter((id): id is string => id !== null && sentNow.has(id));
    expect(new Set(mine).size, `${w.label}: duplicated`).toBe(mine.length);
    for (const [clientId, id] of w.acked) {
      expect(stored.find((m) => m.client_id === clientId)?.id, `${w.label}: lost`).toBe(id);
    }
    expect(mine, `${w.label}: order`).toEqual(w.sent);
    acked += w.acked.size;
  }
  return acked;
}
