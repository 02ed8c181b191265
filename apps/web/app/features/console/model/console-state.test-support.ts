/** What the console reducer's tests share: a start, lists, replies typed here, and reading a thread. */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import {
  consoleReducer,
  initialConsoleState,
  type ConsoleAction,
  type ConsoleState,
} from "./console-state";
import { type PendingReply } from "./console-threads";
import { T0, me } from "./console-fixtures.test-support";

export const apply = (state: ConsoleState, ...actions: ConsoleAction[]) =>
  actions.reduce(consoleReducer, state);

export const start = (options: Parameters<typeof initialConsoleState>[1] = {}) =>
  initialConsoleState(me, options);

export const withLists = (open: ConversationSummary[], closed: ConversationSummary[] = []) =>
  apply(
    start(),
    { type: "conversations", state: "open", list: open },
    { type: "conversations", state: "ended", list: closed },
  );

export const received = (message: ChatMessage): ConsoleAction => ({ type: "received", message });

export const pending = (clientId: string, createdAt = T0, conversationId = 7): PendingReply => ({
  clientId,
  conversationId,
  html: `mine ${clientId}`,
  msgType: "text",
  createdAt,
  delivery: "sending",
});

export const queue = (clientId: string, createdAt = T0, conversationId = 7): ConsoleAction => ({
  type: "queued",
  pending: pending(clientId, createdAt, conversationId),
});

/** What the thread of conversation 7 shows: [id, clientId, delivery]. */
export const thread = (s: ConsoleState, id = 7) =>
  (s.threads[id]?.messages ?? []).map((m) => [m.id, m.clientId, m.delivery]);

export const ids = (list: ConversationSummary[]) => list.map((c) => c.id);

/** The server's rule (agent-inbox.ts): the oldest visitor message after the newest agent message. */
export function serverWaitingSince(messages: ChatMessage[]): number | null {
  const replied = Math.max(
    0,
    ...messages.filter((m) => m.sender_type === "agent").map((m) => m.id),
  );
  const waiting = messages.filter((m) => m.sender_type === "visitor" && m.id > replied);
  return waiting.length === 0 ? null : Math.min(...waiting.map((m) => m.created_at));
}
