/**
 * Delivery over the real sockets, on SQLite and on PostgreSQL: a burst of frames from one socket
 * is stored, acknowledged and pushed in the order it was sent (on PostgreSQL, frames handled side
 * by side finish in any order); a resent client_id is acknowledged again but stored and pushed
 * once; and a visitor socket upgrade without an Origin header is refused like a foreign one.
 */
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  FrameSocket,
  ORIGIN,
  chattingVisitor,
  connectedAgent,
  newClientId,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
  type Frame,
} from "./chat-harness";

const pgUp = await postgresFor("the chat delivery tests");
const BURST = 200;
const SLOW = 30_000;

/** The `message` frames of one conversation a socket received, in arrival order. */
function pushed(socket: FrameSocket, conversationId: number): Frame[] {
  return socket.frames.filter(
    (f) => f.message_type === "message" && f.conversation_id === conversationId,
  );
}

/** Waits until `socket` has received `count` message frames of the conversation. */
async function awaitPushes(socket: FrameSocket, conversationId: number, count: number) {
  await expect
    .poll(() => pushed(socket, conversationId).length, { timeout: SLOW, interval: 20 })
    .toBeGreaterThanOrEqual(count);
  return pushed(socket, conversationId);
}

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`chat delivery (${store.name})`, () => {
    let server: ChatServer;

    beforeAll(async () => {
      // A burst of 200 is far over the per-socket flood limit; this file tests order, not that.
      server = await startChatServerOn(store, AGENT_ENV, {
        sockets: { rate: { burst: 10_000, perSecond: 10_000 } },
      });
    });
    afterAll(async () => server.close());

    /** The visitor's stored history, oldest first, as the visitor's API answers it. */
    async function history(visitor: Awaited<ReturnType<typeof chattingVisitor>>) {
      const answer = await visitor.browser.get(
        `/api/support/get_message/${encodeURIComponent(visitor.email)}/`,
      );
      expect(answer.status).toBe(200);
      return answer.body as { id: number; message: string; client_id: string }[];
    }

    it(`keeps a burst of ${BURST} visitor frames in order: stored, acked and pushed`, async () => {
      const agent = await connectedAgent(server);
      const visitor = await chattingVisitor(server);
      const otherTab = visitor.browser.socket(`/ws/support/${encodeURIComponent(visitor.email)}/`);
      await otherTab.opened;
      await otherTab.next((f) => f.message_type === "presence");

      const texts = Array.from({ length: BURST }, (_, i) => `visitor burst ${i}`);
      const clientIds = texts.map(() => newClientId());
      texts.forEach((message, i) => {
        visitor.socket.send({ message, msg_type: "text", client_id: clientIds[i] });
      });

      const lastAck = await visitor.socket.ack(clientIds.at(-1) ?? "", SLOW);
      const acks = visitor.socket.frames.filter((f) => f.message_type === "ack");
      expect(acks.map((a) => a.client_id)).toEqual(clientIds);
      const ackIds = acks.map((a) => a.id as number);
      expect(ackIds).toEqual([...ackIds].sort((a, b) => a - b));
      expect(lastAck.id).toBe(ackIds.at(-1));

      const stored = await history(visitor);
      expect(stored.map((m) => m.message)).toEqual(texts);
      expect(stored.map((m) => m.id)).toEqual(ackIds);

      const id = visitor.conversationId;
      for (const socket of [agent.socket, otherTab]) {
        const pushes = await awaitPushes(socket, id, BURST);
        expect(pushes.map((f) => f.message)).toEqual(texts);
        // Each push names the message before it, so a client can tell it missed none.
        expect(pushes.slice(1).map((f) => f.previous_id)).toEqual(ackIds.slice(0, -1));
      }

      otherTab.close();
      visitor.socket.close();
      agent.socket.close();
    });

    it(`keeps a burst of ${BURST} agent frames in order: stored, acked and pushed`, async () => {
      const visitor = await chattingVisitor(server);
      const agent = await connectedAgent(server);
      const colleague = await connectedAgent(server);
      const id = visitor.conversationId;

      const texts = Array.from({ length: BURST }, (_, i) => `agent burst ${i}`);
      const clientIds = texts.map(() => newClientId());
      texts.forEach((message, i) => {
        agent.socket.send({
          message_type: "message",
          conversation_id: id,
          message,
          msg_type: "text",
          client_id: clientIds[i],
        });
      });

      await agent.socket.ack(clientIds.at(-1) ?? "", SLOW);
      const acks = agent.socket.frames.filter((f) => f.message_type === "ack");
      expect(acks.map((a) => a.client_id)).toEqual(clientIds);
      const ackIds = acks.map((a) => a.id as number);
      expect(ackIds).toEqual([...ackIds].sort((a, b) => a - b));

      const stored = await history(visitor);
      expect(stored.map((m) => m.message)).toEqual(texts);
      expect(stored.map((m) => m.id)).toEqual(ackIds);

      for (const socket of [visitor.socket, colleague.socket]) {
        const pushes = await awaitPushes(socket, id, BURST);
        expect(pushes.map((f) => f.message)).toEqual(texts);
        expect(pushes.slice(1).map((f) => f.previous_id)).toEqual(ackIds.slice(0, -1));
      }

      visitor.socket.close();
      agent.socket.close();
      colleague.socket.close();
    });

    it("acks a resent visitor client_id again but stores and pushes it once", async () => {
      const agent = await connectedAgent(server);
      const visitor = await chattingVisitor(server);
      const otherTab = visitor.browser.socket(`/ws/support/${encodeURIComponent(visitor.email)}/`);
      await otherTab.opened;
      // Its presence frame comes once it is set up: from then on every push reaches it.
      await otherTab.next((f) => f.message_type === "presence");
      const id = visitor.conversationId;

      const clientId = newClientId();
      const frame = { message: "sent twice", msg_type: "text", client_id: clientId };
      visitor.socket.send(frame);
      const first = await visitor.socket.ack(clientId);
      await agent.socket.next((f) => f.message_type === "message" && f.id === first.id);
      await otherTab.next((f) => f.message_type === "message" && f.id === first.id);

      const acksBefore = visitor.socket.frames.length;
      visitor.socket.send(frame);
      const again = await visitor.socket.next(
        (f) => f.message_type === "ack" && f.client_id === clientId,
        5000,
        acksBefore,
      );
      expect(again.id).toBe(first.id);

      // A marker sent after the resend: frames from one socket are handled in order and each
      // push reaches a socket in order, so once the marker is here any push of the resend is too.
      const markerId = newClientId();
      visitor.socket.send({ message: "marker", msg_type: "text", client_id: markerId });
      const marker = await visitor.socket.ack(markerId);
      for (const socket of [agent.socket, otherTab]) {
        await socket.next((f) => f.message_type === "message" && f.id === marker.id);
        expect(pushed(socket, id).map((f) => f.message)).toEqual(["sent twice", "marker"]);
      }
      expect((await history(visitor)).map((m) => m.message)).toEqual(["sent twice", "marker"]);

      otherTab.close();
      visitor.socket.close();
      agent.socket.close();
    });

    it("acks a resent agent client_id again but stores and pushes it once", async () => {
      const visitor = await chattingVisitor(server);
      const agent = await connectedAgent(server);
      const colleague = await connectedAgent(server);
      const id = visitor.conversationId;
      const send = (clientId: string, message: string) =>
        agent.socket.send({
          message_type: "message",
          conversation_id: id,
          message,
          msg_type: "text",
          client_id: clientId,
        });

      const clientId = newClientId();
      send(clientId, "replied twice");
      const first = await agent.socket.ack(clientId);
      const seen = agent.socket.frames.length;
      send(clientId, "replied twice");
      const again = await agent.socket.next(
        (f) => f.message_type === "ack" && f.client_id === clientId,
        5000,
        seen,
      );
      expect(again.id).toBe(first.id);

      const markerId = newClientId();
      send(markerId, "marker");
      const marker = await agent.socket.ack(markerId);
      for (const socket of [visitor.socket, colleague.socket, agent.socket]) {
        await socket.next((f) => f.message_type === "message" && f.id === marker.id);
        expect(pushed(socket, id).map((f) => f.message)).toEqual(["replied twice", "marker"]);
      }
      expect((await history(visitor)).map((m) => m.message)).toEqual(["replied twice", "marker"]);

      visitor.socket.close();
      agent.socket.close();
      colleague.socket.close();
    });

    it("refuses a visitor socket upgrade with no Origin header, as with an empty one", async () => {
      const visitor = await chattingVisitor(server);
      const url = `${server.wsUrl}/ws/support/${encodeURIComponent(visitor.email)}/`;
      const cookie = visitor.browser.cookieHeader();
      /** A socket with exactly these headers: `ws` adds no Origin of its own. */
      const raw = (headers: Record<string, string>) =>
        new FrameSocket(new WebSocket(url, { headers }));

      // The control case: our Origin and the session open the socket.
      const ok = raw({ origin: ORIGIN, cookie });
      await ok.opened;
      ok.close();

      await expect(raw({ cookie }).opened).rejects.toThrow("upgrade refused: 403");
      await expect(raw({ origin: "", cookie }).opened).rejects.toThrow("upgrade refused: 403");
      visitor.socket.close();
    });
  });
}
