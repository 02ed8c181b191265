/**
 * The fallback's event stream writes as a WebSocket does: the frames of one turn leave the server
 * in one write (they are corked on the response), and each arrives as one event.
 */
import { createServer, get, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EventStreamSocket } from "./event-stream-socket";
import { send } from "./socket-connection";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Counts the writes the TCP socket hands down (one per system call, whatever each holds). */
function countWrites(tcp: Socket): { count: number } {
  const counter = { count: 0 };
  const internals = tcp as Socket & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  const write = internals._write.bind(tcp);
  const writev = internals._writev.bind(tcp);
  internals._write = (...args) => {
    counter.count++;
    write(...args);
  };
  internals._writev = (...args) => {
    counter.count++;
    writev(...args);
  };
  return counter;
}

/** Reads the stream until `events` data lines came; resolves with them. */
function readEvents(response: IncomingMessage, events: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      text += chunk;
      const data = text
        .split("\n\n")
        .filter((block) => block.startsWith("data: "))
        .map((block) => block.slice("data: ".length));
      if (data.length >= events) resolve(data);
    });
    response.on("error", reject);
  });
}

describe("the event stream socket", () => {
  it("sends the frames of one turn in one write, each as one event", async () => {
    let framesWrites: number | undefined;
    const server = createServer((_request, response) => {
      const stream = new EventStreamSocket(response);
      stream.open();
      // Once the stream's head has gone, three frames in one turn.
      setImmediate(() => {
        if (!response.socket) throw new Error("no socket");
        const writes = countWrites(response.socket);
        // Each from a callback of its own, as frames handled for different clients are (Node
        // sends a response's writes of one callback together by itself, not those of the next).
        const sendFrom = (id: number) => {
          send(stream, { message_type: "ack", client_id: `c${id}`, id });
          if (id < 3) process.nextTick(sendFrom, id + 1);
        };
        sendFrom(1);
        // What the three frames took, before the close writes its own.
        setImmediate(() => {
          framesWrites = writes.count;
          stream.close(1000, "done");
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve) =>
      get(`http://127.0.0.1:${port}/`, resolve),
    );
    expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const ended = new Promise((resolve) => response.on("end", resolve));
    const events = await readEvents(response, 3);
    await ended;
    expect(events.slice(0, 3).map((data) => JSON.parse(data) as unknown)).toEqual([
      { message_type: "ack", client_id: "c1", id: 1 },
      { message_type: "ack", client_id: "c2", id: 2 },
      { message_type: "ack", client_id: "c3", id: 3 },
    ]);
    expect(framesWrites).toBe(1);
  });
});
