/**
 * WebSocket fuzz (hardening): the visitor socket and the agent socket, with every frame
 * type each accepts (message, chat_end, typing; the visitor's message also without message_type)
 * broken in every way hostile-values.ts knows: hostile field values, missing and extra fields,
 * unknown message_type, JSON that is not an object, text that is not JSON, binary frames, frames
 * over the 64 KB limit, and floods. Whatever arrives, the server never answers with an "internal"
 * error frame, never logs an error, leaves no promise unhandled, closes a socket only with one of
 * its own close codes, and handles the frames that follow (each run ends with a valid message
 * that must be acknowledged). Upgrades with hostile paths and headers are refused with a 4xx.
 * Afterwards the server still serves: health, and a visitor's message reaching an agent.
 *
 * SQLite always; PostgreSQL when it answers (with CI set, a PostgreSQL that does not answer fails
 * the run instead of skipping it).
 */
import fc from "fast-check";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeCodes } from "../src/routes/ws/chat-sockets";
import {
  ORIGIN,
  newClientId,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  type ChatServer,
  type Frame,
  type FrameSocket,
} from "./chat-harness";
import { CONSOLE_ENV, ClientBrowser, agentSocket, signIn } from "./console-clients";
import {
  FUZZ_OTP,
  expectStillServing,
  watchLogs,
  watchProcess,
  type LogWatch,
  type ProcessWatch,
} from "./fuzz-watch";
import {
  MEGABYTE,
  deepArrayText,
  deepObjectText,
  hostilePathSegment,
  hostileValue,
  mutatedObject,
  objectOf,
  poisonCharacters,
  RawJson,
  toJsonText,
} from "./hostile-values";

const pgUp = await postgresFor("the WebSocket fuzz");
const SEED = 20261124;
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
/** Generous enough that a run's few frames are never refused for rate; floods still are. */
const RATE = { burst: 60, perSecond: 60 };

/** Stand-ins in the frame templates, swapped for the live visitor's values as each frame is sent. */
const EMAIL = "placeholder.visitor@example.com";
const CONVERSATION = 987654321;

/** Values of the wrong type, or of the right type but out of range, for any frame field. */
const wrongFieldValues: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 53 + 2,
  2 ** 63,
  1e308,
  new RawJson("-0"),
  new RawJson("1e309"),
  true,
  "",
  "1",
  ["a"],
  {},
  objectOf([["__proto__", { polluted: true }]]),
  new RawJson(deepArrayText),
];

/** Close codes the server uses on purpose (and 1009, ws's own for a frame over maxPayload). */
const ownCloseCodes = new Set<number>([
  closeCodes.goingAway,
  closeCodes.policy,
  closeCodes.sessionEnded,
  1009,
]);

const visitorTemplates: Record<string, unknown>[] = [
  {
    message_type: "message",
    sender: EMAIL,
    receiver: "null",
    message: "<p>Hello <b>there</b></p>",
    msg_type: "text",
    client_id: "fuzz-client-0001",
  },
  { message: "Hi", msg_type: "text", client_id: "fuzz-client-0002" },
  {
    message: '<img src="/api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAA.png" alt="x">',
    msg_type: "image",
    client_id: "fuzz-client-0003",
  },
  { message_type: "chat_end", target_email: EMAIL, user_type: "user" },
  { message_type: "typing", typing: true },
  { message_type: "ack", client_id: "fuzz-client-0004", id: 1 },
];

const agentTemplates: Record<string, unknown>[] = [
  {
    message_type: "message",
    conversation_id: CONVERSATION,
    message: "<p>How can I help?</p>",
    msg_type: "text",
    client_id: "fuzz-agent-0001",
  },
  { message_type: "chat_end", conversation_id: CONVERSATION },
  { message_type: "typing", conversation_id: CONVERSATION, typing: false },
  { message_type: "conversation", id: CONVERSATION },
];

/** One frame as it goes on the wire. */
type WireFrame = { label: string; text: string } | { label: string; binary: Buffer };

function framesFor(templates: Record<string, unknown>[]): fc.Arbitrary<WireFrame> {
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .constantFrom(...templates)
        .chain((template) => fc.oneof(fc.constant(template), mutatedObject(template)))
        .map((value) => ({ label: "frame", text: toJsonText(value) })),
    },
    {
      weight: 2,
      arbitrary: hostileValue.map((value) => ({ label: "hostile JSON", text: toJsonText(value) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          "",
          " ",
          "{",
          '{"message_type":',
          "not json",
          "null",
          "[]",
          '"message"',
          "1e309",
          '{"__proto__":{"message_type":"chat_end"}}',
          '{"message_type":"message","message_type":"chat_end"}',
          deepArrayText,
          deepObjectText,
        )
        .map((text) => ({ label: "raw text", text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 256 })
        .map((bytes) => ({ label: "binary", binary: Buffer.from(bytes) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<WireFrame>(
        { label: "frame of 64 KB + 1", text: "x".repeat(64 * 1024 + 1) },
        {
          label: "message of a megabyte",
          text: JSON.stringify({ message: "x".repeat(MEGABYTE), msg_type: "text" }),
        },
      ),
    },
  );
}

interface Live {
  socket: FrameSocket;
  closedWith?: number;
}

interface LiveVisitor extends Live {
  email: string;
  conversationId: number;
}

function track<T extends Live>(live: T): T {
  void live.socket.closed.then(({ code }) => {
    live.closedWith = code;
  });
  return live;
}

/** Waits for a frame that answers `clientId` (an ack or an error), or for the socket to close. */
async function answerTo(live: Live, clientId: string, from: number): Promise<Frame | "closed"> {
  return Promise.race([
    live.socket.next((f) => f.client_id === clientId, 10_000, from),
    live.socket.closed.then(() => "closed" as const),
  ]);
}

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`WebSocket fuzz (${store.name})`, () => {
    let server: ChatServer;
    let processWatch: ProcessWatch;
    let logs: LogWatch;
    let visitor: LiveVisitor;
    let agent: Live;

    async function newVisitor(): Promise<LiveVisitor> {
      const email = uniqueEmail("socket-fuzz");
      const browser = new ClientBrowser(server);
      const asked = await browser.post("/api/support/otp_generate_chat", { email });
      expect(asked.status).toBe(200);
      expect((await browser.post("/api/client/verify_otp", { email, otp: FUZZ_OTP })).status).toBe(
        200,
      );
      const registered = await browser.post("/api/support/register", {
        username: "Fuzz Visitor",
        email,
      });
      expect(registered.status).toBe(200);
      const socket = browser.socket(`/ws/support/${encodeURIComponent(email)}/`, {
        "x-forwarded-for": browser.ip,
      });
      await socket.opened;
      await socket.next((f) => f.message_type === "presence");
      return track({
        socket,
        email,
        conversationId: (registered.body as { conversation_id: number }).conversation_id,
      });
    }

    async function newAgent(): Promise<Live> {
      const { browser } = await signIn(
        server,
        CONSOLE_ENV.BOOTSTRAP_AGENT_EMAIL,
        CONSOLE_ENV.BOOTSTRAP_AGENT_PASSWORD,
      );
      return track({ socket: await agentSocket(browser) });
    }

    /** The frame with the live visitor's address and conversation in place of the stand-ins. */
    function bind(text: string): string {
      return text
        .replaceAll(EMAIL, visitor.email)
        .replaceAll(String(CONVERSATION), String(visitor.conversationId));
    }

    function sendFrame(live: Live, frame: WireFrame): void {
      if (live.socket.ws.readyState !== WebSocket.OPEN) return;
      if ("binary" in frame) live.socket.ws.send(frame.binary, { binary: true });
      else live.socket.ws.send(bind(frame.text));
    }

    function problemsIn(live: Live, from: number): string[] {
      const problems = live.socket.frames
        .slice(from)
        .filter((f) => f.message_type === "error" && f.code === "internal")
        .map((f) => `internal error frame: ${JSON.stringify(f)}`);
      if (live.closedWith !== undefined && !ownCloseCodes.has(live.closedWith)) {
        problems.push(`socket closed with ${live.closedWith}`);
      }
      return problems;
    }

    /**
     * Sends the frames on one side's socket, then a valid message, and waits until that is answered
     * (frames are handled in order) or the socket closed; throws with the frames described when the
     * server answered with an internal error, closed with a code of no rule, logged an error or
     * left a rejection unhandled. Opens a new socket (or a new chat) when the frames ended them.
     */
    async function runFrames(side: "visitor" | "agent", frames: WireFrame[]): Promise<void> {
      const live = side === "visitor" ? visitor : agent;
      const from = live.socket.frames.length;
      for (const frame of frames) sendFrame(live, frame);
      // Frames are handled in order: once this one is answered, all before it were.
      const sentinel = newClientId();
      sendFrame(
        live,
        side === "visitor"
          ? {
              label: "sentinel",
              text: JSON.stringify({ message: "ping", msg_type: "text", client_id: sentinel }),
            }
          : {
              label: "sentinel",
              text: JSON.stringify({
                message_type: "message",
                conversation_id: CONVERSATION,
                message: "pong",
                msg_type: "text",
                client_id: sentinel,
              }),
            },
      );
      const answer =
        live.closedWith === undefined ? await answerTo(live, sentinel, from) : "closed";
      const context = () =>
        `${side} frames ${frames.map((f) => `${f.label}: ${"text" in f ? f.text.slice(0, 200) : `${f.binary.length} bytes`}`).join(" | ")}\nanswered ${JSON.stringify(answer).slice(0, 300)}`;
      const problems = [...problemsIn(live, from), ...processWatch.problems, ...logs.errors];
      if (problems.length > 0) throw new Error(`${problems.join("\n")}\nafter ${context()}`);
      if (answer === "closed") {
        if (side === "visitor") visitor = await newVisitor();
        else agent = await newAgent();
      } else if (answer.message_type === "error" && answer.code === "chat_ended") {
        // The fuzz ended the chat (a chat_end from either side): the next runs need an open one.
        visitor.socket.close();
        visitor = await newVisitor();
      }
    }

    beforeAll(async () => {
      processWatch = watchProcess();
      logs = watchLogs();
      server = await startChatServerOn(store, CONSOLE_ENV, {
        logger: logs.logger,
        chat: { makeOtp: () => FUZZ_OTP },
        sockets: { rate: RATE },
      });
      agent = await newAgent();
      visitor = await newVisitor();
    });

    afterAll(async () => {
      processWatch?.stop();
      visitor?.socket.close();
      agent?.socket.close();
      await server?.close();
    });

    it("handles hostile frames on both sockets and keeps handling the next ones", async () => {
      const runArb = fc.record({
        side: fc.constantFrom("visitor" as const, "agent" as const),
        visitorFrames: fc.array(framesFor(visitorTemplates), { minLength: 1, maxLength: 4 }),
        agentFrames: fc.array(framesFor(agentTemplates), { minLength: 1, maxLength: 4 }),
      });
      const seen = { visitor: 0, agent: 0, closes: 0 };
      await fc.assert(
        fc.asyncProperty(runArb, async ({ side, visitorFrames, agentFrames }) => {
          const frames = side === "visitor" ? visitorFrames : agentFrames;
          seen[side] += frames.length;
          await runFrames(side, frames);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(seen.visitor).toBeGreaterThan(RUNS / 2);
      expect(seen.agent).toBeGreaterThan(RUNS / 2);
    }, 120_000);

    it("handles every field of every frame type given each hostile value", async () => {
      let sent = 0;
      for (const [side, templates] of [
        ["visitor", visitorTemplates],
        ["agent", agentTemplates],
      ] as const) {
        for (const template of templates) {
          for (const [field, value] of Object.entries(template)) {
            const variants: unknown[] = [...wrongFieldValues];
            if (typeof value === "string") {
              const at = Math.floor(value.length / 2);
              for (const char of poisonCharacters)
                variants.push(value.slice(0, at) + char + value.slice(at));
            }
            for (const variant of variants) {
              const frame = objectOf([...Object.entries(template), [field, variant]]);
              await runFrames(side, [
                {
                  label: `${field} = ${toJsonText(variant).slice(0, 40)}`,
                  text: toJsonText(frame),
                },
              ]);
              sent += 1;
            }
            const without = objectOf(Object.entries(template).filter(([k]) => k !== field));
            await runFrames(side, [{ label: `without ${field}`, text: toJsonText(without) }]);
            sent += 1;
          }
        }
      }
      expect(sent).toBeGreaterThan(400);
    }, 120_000);

    it("closes a flooding socket with 1008 and nothing else breaks", async () => {
      for (const side of ["visitor", "agent"] as const) {
        const live = side === "visitor" ? await newVisitor() : await newAgent();
        const frame =
          side === "visitor"
            ? { message_type: "typing", typing: true }
            : { message_type: "typing", conversation_id: visitor.conversationId, typing: true };
        for (let i = 0; i < 1000; i++) live.socket.send(frame);
        const closed = await live.socket.closed;
        expect(closed.code, side).toBe(closeCodes.policy);
        expect(
          live.socket.frames.some((f) => f.message_type === "error" && f.code === "rate_limited"),
        ).toBe(true);
      }
      expect(processWatch.problems).toEqual([]);
      expect(logs.errors).toEqual([]);
    });

    it("refuses hostile upgrades with a 4xx", async () => {
      const statusOf = (path: string, headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const ws = new WebSocket(`${server.wsUrl}${path}`, { headers });
          ws.once("unexpected-response", (_req, res) => {
            resolve(res.statusCode ?? 0);
            res.resume();
            ws.terminate();
          });
          ws.once("open", () => {
            ws.close();
            reject(new Error(`${path} was upgraded`));
          });
          ws.once("error", () => undefined);
        });
      const cases = fc.sample(
        fc.record({
          path: fc.oneof(
            hostilePathSegment.map((segment) => `/ws/support/${segment}/`),
            fc.constantFrom("/ws/agent/x", "/ws/agent", "/ws/", "/ws/support/", "/ws/support//"),
          ),
          origin: fc.constantFrom(ORIGIN, "http://evil.example", "null"),
          cookie: fc.constantFrom("", "hl_chat=AAAA", `hl_chat=${"A".repeat(43)}; hl_agent=x`),
        }),
        { seed: SEED, numRuns: 60 },
      );
      for (const { path, origin, cookie } of cases) {
        const status = await statusOf(path, { origin, ...(cookie ? { cookie } : {}) });
        expect(status, `${path} from ${origin} with "${cookie}"`).toBeGreaterThanOrEqual(400);
        expect(status, `${path} from ${origin} with "${cookie}"`).toBeLessThan(500);
      }
      expect(processWatch.problems).toEqual([]);
      expect(logs.errors).toEqual([]);
    });

    it("still serves visitors and agents after the fuzz", async () => {
      await expectStillServing(server);
      expect(processWatch.problems).toEqual([]);
      expect(logs.errors).toEqual([]);
    });
  });
}
