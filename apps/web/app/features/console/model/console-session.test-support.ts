/**
 * What the console session's tests share: a fake agent API answering from a server's lists, a
 * fake browser, and a session on them (setup), each stopped after its test.
 */
import type { AgentEntry, AgentStatus, ConversationView } from "@hourline/contracts/console-team";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ContactMessageSummary, ConversationSummary } from "@hourline/contracts/console-inbox";
import { afterEach, beforeEach, vi } from "vitest";
import type { ApiResult } from "~/lib/api-client";
import { fakeBrowser, memoryStorage } from "~/lib/live-chat/fake-browser.test-support";
import { onSessionLost, reportIfSessionLost } from "../api/console-client";
import type { MeOutcome } from "../api/fetch-me";
import { ConsoleSession } from "./console-session";
import type { ConsoleApi } from "./console-api";
import { T0, detail, me } from "./console-fixtures.test-support";

export type Storage = ReturnType<typeof memoryStorage>;

/** The agent API as the console sees it: answers from `server`, a 401 reported as console-client does. */
function fakeServer() {
  const server = {
    open: [] as ConversationSummary[],
    ended: [] as ConversationSummary[],
    contacts: [] as ContactMessageSummary[],
    messages: {} as Record<number, ChatMessage[]>,
    /** False: the session is over, every call answers 401. */
    signedIn: true,
    /** What GET /api/agent/me says while signed in. */
    profile: me,
    /** The agent's own status, as GET /api/agent/me says it. */
    status: "online" as AgentStatus,
    /** A status one endpoint answers with instead of its data. */
    failing: {} as Partial<Record<keyof ConsoleApi, number>>,
  };

  function answer<T>(endpoint: keyof ConsoleApi, data: () => T): Promise<ApiResult<T>> {
    const status = server.signedIn ? server.failing[endpoint] : 401;
    if (status === undefined) return Promise.resolve({ ok: true, status: 200, data: data() });
    const failed = {
      ok: false as const,
      status,
      error: { code: status === 401 ? "unauthorized" : "internal", message: `Answered ${status}.` },
    };
    reportIfSessionLost(failed);
    return Promise.resolve(failed);
  }

  const find = (id: number) => [...server.open, ...server.ended].find((c) => c.id === id);

  const api = {
    fetchConversations: vi.fn((view: ConversationView) =>
      answer("fetchConversations", () =>
        view === "open"
          ? server.open
          : view === "ended"
            ? server.ended
            : server.ended.filter((c) => c.missed),
      ),
    ),
    fetchCounts: vi.fn(() =>
      answer("fetchCounts", () => ({
        status: 200 as const,
        open: server.open.length,
        ended: server.ended.length,
        missed: server.ended.filter((c) => c.missed).length,
        mine: 0,
        unassigned: server.open.filter((c) => c.assignee === null).length,
      })),
    ),
    fetchEntries: vi.fn((_id: number) => answer("fetchEntries", (): AgentEntry[] => [])),
    fetchConversation: vi.fn((id: number) => {
      const found = find(id);
      if (!found && server.signedIn && !server.failing.fetchConversation) {
        return Promise.resolve({
          ok: false as const,
          status: 404,
          error: { code: "not_found", message: "There is no such conversation." },
        });
      }
      return answer("fetchConversation", () => detail(found as ConversationSummary));
    }),
    // As on the server, fetching marks nothing read; markRead does.
    fetchMessages: vi.fn((id: number, after?: number) =>
      answer("fetchMessages", () =>
        (server.messages[id] ?? []).filter((m) => after === undefined || m.id > after),
      ),
    ),
    markRead: vi.fn((id: number, _lastId: number) =>
      answer("markRead", () => {
        server.open = server.open.map((c) => (c.id === id ? { ...c, unread: 0 } : c));
        return { status: 200 as const };
      }),
    ),
    fetchContacts: vi.fn(() => answer("fetchContacts", () => server.contacts)),
    // Not watched, as in fetch-me.ts: a 401 here is an answer, not an event.
    fetchMe: vi.fn(async (): Promise<MeOutcome> =>
      server.failing.fetchMe
        ? { kind: "failed", message: "The server could not be reached." }
        : server.signedIn
          ? { kind: "signed-in", agent: server.profile, status: server.status }
          : { kind: "signed-out" },
    ),
    onSessionLost,
  } satisfies ConsoleApi;

  return { server, api };
}

export function setup(
  options: {
    storage?: Storage;
    visible?: boolean;
    agent?: AgentProfile;
    status?: AgentStatus;
  } = {},
) {
  const browser = fakeBrowser();
  const storage = options.storage ?? memoryStorage();
  const { server, api } = fakeServer();
  let ids = 0;
  const session = new ConsoleSession(
    options.agent ?? me,
    {
      api,
      env: browser.env,
      socketUrl: "ws://site/ws/agent/",
      storage,
      newClientId: () => `client-${String(++ids).padStart(4, "0")}`,
    },
    { visible: options.visible ?? true, status: options.status },
  );
  const framesSent = (type?: string) =>
    browser.sockets
      .flatMap((s) => s.sent)
      .filter((f) => type === undefined || (f as { message_type?: string }).message_type === type);
  const t = {
    browser,
    storage,
    server,
    api,
    session,
    state: () => session.getState(),
    framesSent,
    /** The client_ids of every reply sent, over every socket, in order. */
    repliesSent: () => framesSent("message").map((f) => (f as { client_id: string }).client_id),
    thread: (id = 7) =>
      (session.getState().threads[id]?.messages ?? []).map((m) => [m.id, m.clientId, m.delivery]),
    /** Starts, opens the socket and lets both list loads finish. */
    async connect() {
      session.start();
      browser.last.open();
      await settle();
    },
  };
  sessions.push(session);
  return t;
}

const sessions: ConsoleSession[] = [];
export const settle = () => vi.advanceTimersByTimeAsync(0);

/** Fake timers from T0 for each test, and every session of a test stopped after it. */
export function withConsoleSessions() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    // No session of one test may hear another test's lost session.
    for (const session of sessions.splice(0)) session.stop();
    vi.useRealTimers();
  });
}
