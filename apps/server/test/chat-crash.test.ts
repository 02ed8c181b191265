/**
 * Nothing acknowledged is lost (decision record 0010): the bundled server runs as a child process
 * under chat load from visitors and an agent, is killed with SIGKILL, and restarts on the same
 * data. Once the clients reconnect and resend what was never acknowledged (same client_id), every
 * acknowledged message is stored exactly once with the id it was acknowledged with, and nothing is
 * duplicated. Needs `npm run build`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { FrameSocket } from "./chat-harness";
import { AGENT_ENV, Browser, newClientId, uniqueEmail, verifyVisitor } from "./chat-harness";
import { freshPgDatabase, postgresFor, stores } from "./helpers";
import { freePort, startServerProcess, type ServerProcess } from "./instance-process";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

const pgUp = await postgresFor("the crash test");

interface Sender {
  label: string;
  connect(): Promise<FrameSocket>;
  frame(clientId: string, text: string): Record<string, unknown>;
  socket?: FrameSocket;
  acked: Map<string, number>;
  /** Sent, not yet acknowledged: resent after the restart. */
  pending: Map<string, Record<string, unknown>>;
}

function track(sender: Sender, socket: FrameSocket): void {
  sender.socket = socket;
  socket.ws.on("message", (data) => {
    const frame = JSON.parse(String(data)) as {
      message_type?: string;
      client_id?: string;
      id?: number;
    };
    if (frame.message_type === "ack" && frame.client_id && typeof frame.id === "number") {
      const before = sender.acked.get(frame.client_id);
      if (before !== undefined && before !== frame.id) {
        throw new Error(`ack for ${frame.client_id} changed from ${before} to ${frame.id}`);
      }
      sender.acked.set(frame.client_id, frame.id);
      sender.pending.delete(frame.client_id);
    }
  });
}

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(
    `a server killed with SIGKILL under chat load (${store.name})`,
    () => {
      let sink: SmtpSink | undefined;
      let child: ServerProcess | undefined;
      let database: Awaited<ReturnType<typeof freshPgDatabase>> | undefined;
      const dataDir = mkdtempSync(join(tmpdir(), "hourline-crash-"));

      afterAll(async () => {
        await child?.stop("SIGKILL");
        await sink?.stop();
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });

      it("loses and duplicates no acknowledged message once clients resume", async () => {
        sink = await startSmtpSink();
        // On PostgreSQL the restarted server finds in a database of its own what the killed one left.
        database = store.pg ? await freshPgDatabase() : undefined;
        const port = await freePort();
        const env = {
          DATA_DIR: dataDir,
          ...(database ? { DATABASE_URL: database.url } : {}),
          PUBLIC_URL: "http://localhost:3000",
          SMTP_URL: sink.url,
          ...AGENT_ENV,
        };
        child = await startServerProcess(env, port);
        const server = { baseUrl: child.baseUrl, wsUrl: child.wsUrl };

        const senders: Sender[] = [];
        const conversations: { browser: Browser; email: string; id: number }[] = [];
        for (let i = 0; i < 10; i++) {
          const email = uniqueEmail(`crash${i}`);
          const browser = new Browser(server);
          await verifyVisitor(browser, sink, email);
          const registered = await browser.post("/api/support/register", {
            username: `V${i}`,
            email,
          });
          const id = (registered.body as { conversation_id: number }).conversation_id;
          conversations.push({ browser, email, id });
          senders.push({
            label: email,
            connect: async () => {
              const s = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
              await s.opened;
              return s;
            },
            frame: (client_id, text) => ({ message: text, msg_type: "text", client_id }),
            acked: new Map(),
            pending: new Map(),
          });
        }
        const agentBrowser = new Browser(server);
        const login = await agentBrowser.post("/api/agent/login", {
          email: AGENT_ENV.BOOTSTRAP_AGENT_EMAIL,
          password: AGENT_ENV.BOOTSTRAP_AGENT_PASSWORD,
        });
        expect(login.status).toBe(200);
        let turn = 0;
        senders.push({
          label: "agent",
          connect: async () => {
            const s = agentBrowser.socket("/ws/agent/");
            await s.opened;
            return s;
          },
          frame: (client_id, text) => ({
            message_type: "message",
            conversation_id: conversations[turn++ % conversations.length]?.id,
            message: text,
            msg_type: "text",
            client_id,
          }),
          acked: new Map(),
          pending: new Map(),
        });
        for (const sender of senders) track(sender, await sender.connect());

        // Load: every sender writes as fast as the per-socket limit allows (4 a second) until the kill.
        let killed = false;
        let written = 0;
        const loops = senders.map(async (sender) => {
          let n = 0;
          while (!killed) {
            const clientId = newClientId();
            const frame = sender.frame(clientId, `${sender.label} #${n++}`);
            sender.pending.set(clientId, frame);
            if (sender.socket?.ws.readyState === sender.socket?.ws.OPEN) {
              sender.socket?.send(frame);
              written += 1;
            }
            await new Promise((r) => setTimeout(r, 250));
          }
        });
        await new Promise((r) => setTimeout(r, 2500));
        // A last burst from everyone, and the kill while it is in flight: some of it is committed and
        // acknowledged, some committed but not acknowledged, some never read.
        killed = true;
        for (const sender of senders) {
          for (let i = 0; i < 8; i++) {
            const clientId = newClientId();
            const frame = sender.frame(clientId, `${sender.label} burst ${i}`);
            sender.pending.set(clientId, frame);
            sender.socket?.send(frame);
            written += 1;
          }
        }
        await new Promise((r) => setTimeout(r, 5));
        child.child.kill("SIGKILL");
        const ackedBeforeKill = senders.reduce((sum, s) => sum + s.acked.size, 0);
        const pendingAtKill = senders.reduce((sum, s) => sum + s.pending.size, 0);
        await Promise.all(loops);
        await Promise.all(senders.map((s) => s.socket?.closed));
        // Acks that were on the wire when the process died still count as acknowledged.
        const ackedAtClose = senders.reduce((sum, s) => sum + s.acked.size, 0);
        expect(ackedAtClose).toBeGreaterThanOrEqual(ackedBeforeKill);
        expect(pendingAtKill).toBeGreaterThan(0);
        expect(ackedBeforeKill).toBeGreaterThan(50);
        const acknowledged = new Map(senders.map((s) => [s, new Map(s.acked)]));

        // Restart on the same data; the clients reconnect and resend what was never acknowledged.
        child = await startServerProcess(env, port);
        for (const sender of senders) track(sender, await sender.connect());
        await Promise.all(
          senders.map(async (sender) => {
            for (const [, frame] of [...sender.pending]) {
              sender.socket?.send(frame);
              await new Promise((r) => setTimeout(r, 250));
            }
          }),
        );
        await expect
          .poll(() => senders.reduce((sum, s) => sum + s.pending.size, 0), { timeout: 15_000 })
          .toBe(0);

        // Every acknowledged message is stored once, with the id it was acknowledged with.
        const stored = new Map<string, number>();
        for (const { browser, email } of conversations) {
          const messages = (
            await browser.get(`/api/support/get_message/${encodeURIComponent(email)}/`)
          ).body as { id: number; client_id: string }[];
          for (const m of messages) {
            expect(stored.has(m.client_id), `duplicate ${m.client_id}`).toBe(false);
            stored.set(m.client_id, m.id);
          }
        }
        let checked = 0;
        for (const [sender, acked] of acknowledged) {
          for (const [clientId, id] of acked) {
            expect(stored.get(clientId), `${sender.label} ${clientId}`).toBe(id);
            checked += 1;
          }
          for (const [clientId, id] of sender.acked) expect(stored.get(clientId)).toBe(id);
        }
        const total = senders.reduce((sum, s) => sum + s.acked.size, 0);
        expect(stored.size).toBe(total);
        expect(checked).toBe(ackedAtClose);
        console.info(
          `crash test (${store.name}): ${written} frames written, ${ackedAtClose} acked when the sockets closed, ${pendingAtKill} in flight at SIGKILL, ${total} stored after resume, 0 lost, 0 duplicated`,
        );
        for (const sender of senders) sender.socket?.close();
      }, 60_000);
    },
  );
}
