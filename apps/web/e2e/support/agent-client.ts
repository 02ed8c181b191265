/**
 * The support agent's side in browser tests, through the real API: sign in over HTTP, then a `ws`
 * client on /ws/agent/ with the session cookie and our Origin, as the console will do.
 */
import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import { e2eAgent } from "./e2e-env";

export type Frame = Record<string, unknown> & { message_type?: string };

/** `origin`: the site's own origin when `baseURL` is one instance behind a proxy. */
export async function agentSignIn(baseURL: string, origin = baseURL): Promise<string> {
  const response = await fetch(`${baseURL}/api/agent/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: e2eAgent.email, password: e2eAgent.password }),
  });
  if (response.status !== 200) {
    throw new Error(`agent sign-in answered ${response.status}: ${await response.text()}`);
  }
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("hl_agent="));
  if (!cookie) throw new Error("agent sign-in set no session cookie");
  return cookie.split(";")[0] as string;
}

export class AgentSocket {
  readonly frames: Frame[] = [];
  private waiters = new Set<() => void>();

  private constructor(
    private readonly socket: WebSocket,
    private readonly baseURL: string,
    private readonly cookie: string,
  ) {
    socket.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of this.waiters) wake();
    });
  }

  static async connect(baseURL: string, cookie: string, origin = baseURL): Promise<AgentSocket> {
    const socket = new WebSocket(`${baseURL.replace(/^http/, "ws")}/ws/agent/`, {
      headers: { cookie },
      origin,
    });
    const agent = new AgentSocket(socket, baseURL, cookie);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
      socket.once("unexpected-response", (_req, res) =>
        reject(new Error(`agent socket refused: ${res.statusCode}`)),
      );
    });
    return agent;
  }

  /** The first frame (received so far or later) that matches. */
  waitFor(match: (frame: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching agent frame within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const frame = this.frames.find(match);
        if (!frame) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(frame);
      };
      this.waiters.add(check);
    });
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Sends a reply and waits for its ack (or the error that refused it). */
  async reply(conversationId: number, html: string): Promise<Frame> {
    const clientId = randomUUID().replace(/-/g, "");
    this.send({
      message_type: "message",
      conversation_id: conversationId,
      message: html,
      msg_type: "text",
      client_id: clientId,
    });
    return this.waitFor(
      (f) => (f.message_type === "ack" || f.message_type === "error") && f.client_id === clientId,
    );
  }

  typing(conversationId: number, typing: boolean): void {
    this.send({ message_type: "typing", conversation_id: conversationId, typing });
  }

  endChat(conversationId: number): void {
    this.send({ message_type: "chat_end", conversation_id: conversationId });
  }

  /** The conversation's messages as the agent API lists them. */
  async messages(conversationId: number): Promise<Frame[]> {
    const response = await fetch(
      `${this.baseURL}/api/agent/conversations/${conversationId}/messages`,
      { headers: { cookie: this.cookie } },
    );
    if (response.status !== 200) throw new Error(`messages answered ${response.status}`);
    return (await response.json()) as Frame[];
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}

/**
 * The agent's side over the HTTP fallback, as the console uses it where upgrades are refused: the
 * frames from GET /sse/agent/ (an event stream), frames sent as POSTs whose answers carry the ack.
 */
export class AgentEventStream {
  readonly frames: Frame[] = [];
  private waiters = new Set<() => void>();
  private readonly abort = new AbortController();

  private constructor(
    private readonly baseURL: string,
    private readonly cookie: string,
    private readonly origin: string,
  ) {}

  static async connect(
    baseURL: string,
    cookie: string,
    origin = baseURL,
  ): Promise<AgentEventStream> {
    const agent = new AgentEventStream(baseURL, cookie, origin);
    const response = await fetch(`${baseURL}/sse/agent/`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: agent.abort.signal,
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`agent event stream refused: ${response.status}`);
    }
    void agent.read(response.body);
    return agent;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6));
          if (data.length && !block.startsWith("event: close"))
            this.push(JSON.parse(data.join("\n")) as Frame);
        }
      }
    } catch {
      // Closed by the test.
    }
  }

  private push(frame: Frame) {
    this.frames.push(frame);
    for (const wake of this.waiters) wake();
  }

  waitFor(match: (frame: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching agent frame within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const frame = this.frames.find(match);
        if (!frame) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(frame);
      };
      this.waiters.add(check);
    });
  }

  /** POSTs a frame; the answer's frames (its ack or error) join the others. */
  async send(frame: Frame): Promise<Frame[]> {
    const response = await fetch(`${this.baseURL}/sse/agent/`, {
      method: "POST",
      headers: { cookie: this.cookie, origin: this.origin, "content-type": "application/json" },
      body: JSON.stringify(frame),
    });
    const body = (await response.json()) as { frames?: Frame[] };
    if (!body.frames) throw new Error(`frame refused: ${response.status} ${JSON.stringify(body)}`);
    for (const answer of body.frames) this.push(answer);
    return body.frames;
  }

  async reply(conversationId: number, html: string): Promise<Frame> {
    const [answer] = await this.send({
      message_type: "message",
      conversation_id: conversationId,
      message: html,
      msg_type: "text",
      client_id: randomUUID().replace(/-/g, ""),
    });
    if (!answer) throw new Error("no answer to the reply");
    return answer;
  }

  async endChat(conversationId: number): Promise<void> {
    await this.send({ message_type: "chat_end", conversation_id: conversationId });
  }

  close(): void {
    this.abort.abort();
  }
}
