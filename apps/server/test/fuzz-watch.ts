/**
 * What the fuzz suites watch besides the answers: process-wide unhandled rejections and uncaught
 * exceptions, and every log line of level error or worse (the server logs one for each 5xx and
 * each frame it failed to handle). Plus the checks every HTTP answer must pass, and the check that
 * the server still does its job once the fuzz is over.
 */
import { Writable } from "node:stream";
import { apiErrorSchema } from "@hourline/contracts/api-error";
import { hashPassword } from "../src/auth/passwords";
import { createAgent } from "../src/repositories/agents";
import { newClientId, uniqueEmail, type ChatServer } from "./chat-harness";
import { ClientBrowser, agentSocket, signIn } from "./console-clients";

export interface ProcessWatch {
  readonly problems: string[];
  stop(): void;
}

/** Records every unhandled rejection and uncaught exception until stop(). */
export function watchProcess(): ProcessWatch {
  const problems: string[] = [];
  const onRejection = (reason: unknown) => problems.push(`unhandledRejection: ${describe(reason)}`);
  const onException = (error: unknown) => problems.push(`uncaughtException: ${describe(error)}`);
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return {
    problems,
    stop() {
      process.off("unhandledRejection", onRejection);
      process.off("uncaughtException", onException);
    },
  };
}

function describe(value: unknown): string {
  return value instanceof Error ? (value.stack ?? value.message) : String(value);
}

export interface LogWatch {
  /** Log lines at level error (50) or fatal (60), as written. */
  readonly errors: string[];
  /** Pass as BuildOptions.logger: info and up, through the app's own serializers and redaction. */
  readonly logger: { level: string; stream: Writable };
}

/** A pino destination that keeps the error lines and drops the rest. */
export function watchLogs(): LogWatch {
  const errors: string[] = [];
  let pending = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString("utf8");
      let newline = pending.indexOf("\n");
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        try {
          const { level } = JSON.parse(line) as { level?: number };
          if ((level ?? 0) >= 50) errors.push(line.slice(0, 2000));
        } catch {
          errors.push(`unparseable log line: ${line.slice(0, 200)}`);
        }
        newline = pending.indexOf("\n");
      }
      done();
    },
  });
  return { errors, logger: { level: "info", stream } };
}

/** Reads a header from either a fetch Headers or a Node header record. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** What is wrong with the security headers of an answer, or nothing. */
export function securityHeaderProblems(headers: HeaderSource): string[] {
  const problems: string[] = [];
  if (!/default-src/.test(header(headers, "content-security-policy") ?? "")) {
    problems.push("no Content-Security-Policy");
  }
  if (header(headers, "x-content-type-options") !== "nosniff") problems.push("no nosniff");
  if (header(headers, "x-frame-options") !== "DENY") problems.push("no X-Frame-Options: DENY");
  return problems;
}

/** What is wrong with an API error answer (`{status, error: {code, message, fields?}}`), or nothing. */
export function errorEnvelopeProblems(status: number, text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`a ${status} whose body is not JSON: ${text.slice(0, 200)}`];
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success)
    return [`a ${status} whose body is not the error envelope: ${text.slice(0, 200)}`];
  if (parsed.data.status !== status)
    return [`a ${status} whose body says status ${parsed.data.status}`];
  return [];
}

/** The one-time code the fuzz servers issue (BuildOptions.chat.makeOtp), so no mail is awaited. */
export const FUZZ_OTP = "246810";

/**
 * After a fuzz run: the server still answers its health routes, and a new visitor can prove an
 * address, open a chat and send a message that a newly signed-in agent receives on its socket.
 * The agent is created here, in the database: whatever the fuzz did to the other agents' sessions
 * (sign-outs, new passwords) cannot get in the way.
 */
export async function expectStillServing(server: ChatServer): Promise<void> {
  for (const path of ["/healthz", "/readyz"]) {
    const health = await fetch(`${server.baseUrl}${path}`);
    if (health.status !== 200) throw new Error(`${path} answered ${health.status}`);
  }
  const email = uniqueEmail("after-fuzz");
  const visitor = new ClientBrowser(server);
  const asked = await visitor.post("/api/support/otp_generate_chat", { email });
  if (asked.status !== 200) throw new Error(`otp_generate_chat: ${JSON.stringify(asked.body)}`);
  const verified = await visitor.post("/api/client/verify_otp", { email, otp: FUZZ_OTP });
  if (verified.status !== 200) throw new Error(`verify_otp: ${JSON.stringify(verified.body)}`);
  const registered = await visitor.post("/api/support/register", { username: "Asha Rao", email });
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);

  const agentEmail = uniqueEmail("checker").replace("@example.com", "@hourline.example");
  const password = "checker password 2026";
  await createAgent(server.app.database.db, {
    email: agentEmail,
    name: "Checker",
    role: "agent",
    passwordHash: await hashPassword(password),
  });
  const { browser: agentBrowser } = await signIn(server, agentEmail, password);
  const agent = await agentSocket(agentBrowser);
  const socket = visitor.socket(`/ws/support/${encodeURIComponent(email)}/`);
  try {
    await socket.opened;
    await socket.next((f) => f.message_type === "presence");
    const clientId = newClientId();
    socket.send({ message: "Still there?", msg_type: "text", client_id: clientId });
    await socket.ack(clientId);
    const received = await agent.next(
      (f) => f.message_type === "message" && f.client_id === clientId,
    );
    if (!String(received.message).includes("Still there?")) {
      throw new Error(`the agent received ${JSON.stringify(received)}`);
    }
  } finally {
    socket.close();
    agent.close();
  }
}
