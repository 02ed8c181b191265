/**
 * Never needs a refresh: a server of its own (port E2E_RESTART_PORT, its own DATA_DIR) is stopped
 * twice under an open chat, once cleanly (SIGTERM: sockets closed with 1001) and once killed
 * (SIGKILL: the connection just dies), and started again on the same data. The widget says it is
 * reconnecting, reconnects by itself, and what the visitor typed meanwhile arrives exactly once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentSocket, agentSignIn } from "./support/agent-client";
import { chatPanel, expect, openChat, startChat, test, visitorEmail } from "./support/chat-widget";
import { e2eAgent, restartPort, smtpUrl } from "./support/e2e-env";

const origin = `http://127.0.0.1:${restartPort}`;

class ServerProcess {
  private child: ChildProcess | null = null;
  readonly output: string[] = [];
  constructor(private readonly dataDir: string) {}

  async start() {
    const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
      env: {
        ...process.env,
        PORT: String(restartPort),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        PUBLIC_URL: origin,
        SMTP_URL: smtpUrl,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        BOOTSTRAP_AGENT_EMAIL: e2eAgent.email,
        BOOTSTRAP_AGENT_PASSWORD: e2eAgent.password,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d: Buffer) => this.output.push(String(d)));
    child.stderr?.on("data", (d: Buffer) => this.output.push(String(d)));
    this.child = child;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${this.output.join("")}`);
      const ready = await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`server not ready: ${this.output.join("")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(signal: NodeJS.Signals) {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill(signal);
    await exited;
  }
}

test.use({ baseURL: origin });

test("reconnects after the server restarts, without a reload, and delivers each message once", async ({
  page,
  guard,
}, testInfo) => {
  test.setTimeout(120_000);
  // While the server is down the browser logs the refused connections.
  guard.allowConsole(
    /WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|Failed to load resource/,
  );
  const server = new ServerProcess(mkdtempSync(join(tmpdir(), "hourline-e2e-restart-")));
  await server.start();
  try {
    await page.goto("/");
    const dialog = await openChat(page);
    const { conversationId } = await startChat(page, dialog, {
      name: "Tomás Silva",
      email: visitorEmail("restart"),
    });
    const panel = chatPanel(dialog);
    const send = async (text: string) => {
      await panel.editor.fill(text);
      await panel.editor.press("Enter");
    };
    await send("Before the restart");
    await expect(panel.messages.last().getByText("Sent")).toBeVisible();

    const texts = ["Typed while the server was restarting", "Typed after the server crashed"];
    for (const [round, signal] of (["SIGTERM", "SIGKILL"] as const).entries()) {
      const text = texts[round] as string;
      await server.stop(signal);
      await expect(panel.connection).toHaveText(/^Reconnecting/);
      await send(text);
      await expect(panel.messages.last()).toContainText(text);
      await expect(panel.messages.last().getByText("Sending…")).toBeVisible();
      await server.start();
      await expect(panel.connection).toHaveText("Connected", { timeout: 45_000 });
      await expect(panel.messages.last().getByText("Sent")).toBeVisible();
    }

    // The page was never reloaded, and each message is there once, in the widget and stored.
    const agent = await AgentSocket.connect(origin, await agentSignIn(origin));
    const stored = await agent.messages(conversationId);
    for (const text of ["Before the restart", ...texts]) {
      expect(
        stored.filter((m) => m.message === text),
        text,
      ).toHaveLength(1);
      await expect(panel.messages.filter({ hasText: text })).toHaveCount(1);
    }
    // And the socket is live again both ways.
    await agent.reply(conversationId, "Back online: we got all three.");
    await expect(panel.messages.last()).toContainText("Back online: we got all three.");
    await agent.close();
  } finally {
    await server.stop("SIGKILL");
    await testInfo.attach("server output", { body: server.output.join("") });
  }
});
