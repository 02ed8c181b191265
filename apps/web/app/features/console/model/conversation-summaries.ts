/**
 * The rules for a conversation's summary (its state, newest message, unread count and how long the
 * visitor has been waiting), as the console keeps them between the server's answers: moved on by
 * every new message exactly as the server computes them, and merged with the server's answers,
 * which may have been made before pushes this console has applied since.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import type { AssigneeFilter, ConversationView } from "@hourline/contracts/console-team";

/**
 * A new message moves its conversation's summary on: the newest message, the unread count (a
 * visitor message nobody is reading) and how long the visitor has been waiting for an answer.
 * `reading`: this agent has the conversation on screen, in a visible tab.
 */
export function summaryAfter(
  summary: ConversationSummary,
  message: ChatMessage,
  reading: boolean,
): ConversationSummary {
  if (summary.last_message && summary.last_message.id >= message.id) return summary;
  const fromVisitor = message.sender_type === "visitor";
  let unread = summary.unread;
  if (reading) unread = 0;
  else if (fromVisitor) unread += 1;
  // Waiting since the oldest visitor message after the newest answer, while the chat is open.
  const waiting = fromVisitor && summary.state === "open";
  return {
    ...summary,
    last_message: message,
    unread,
    waiting_since: waiting ? (summary.waiting_since ?? message.created_at) : null,
  };
}

/** Whether this console has seen a newer message of the conversation than `incoming` names. */
export function isBehind(known: ConversationSummary | undefined, incoming: ConversationSummary) {
  return (
    known?.last_message != null &&
    (incoming.last_message === null || known.last_message.id > incoming.last_message.id)
  );
}

/**
 * What a summary from the server (a list, a push, a conversation's details) becomes, given the one
 * held here. The server's answer may have been made before pushes this console has applied since:
 * it never takes back a newer message seen here, and a chat that ended here never opens again (the
 * server ends chats; only a push says one was reopened). Its unread count and waiting time are the server's: they also tell
 * of reads by other agents, which reach this console no other way. When it is behind, the session
 * asks for the summary again (see isBehind).
 */
export function mergeSummary(
  known: ConversationSummary | undefined,
  incoming: ConversationSummary,
  { live = false }: { live?: boolean } = {},
): ConversationSummary {
  if (!known) return incoming;
  let merged = incoming;
  if (isBehind(known, incoming)) merged = { ...merged, last_message: known.last_message };
  // Only a push, which the socket delivers in order, can tell of a chat reopened after its end.
  if (!live && known.state === "ended" && merged.state === "open") {
    merged = {
      ...merged,
      state: "ended",
      ended_at: known.ended_at,
      ended_by: known.ended_by,
      waiting_since: null,
    };
  }
  return merged;
}

/** When a conversation last moved: its end, its newest message, or its start. */
export function activityAt(summary: ConversationSummary): number {
  return summary.ended_at ?? summary.last_message?.created_at ?? summary.started_at;
}

export type ListOrder = "newest" | "waiting";

/**
 * The conversations in one view: newest activity first (as the server orders them), or the
 * visitor waiting longest first (then those not waiting, newest first). Missed ones are ended
 * ones nobody answered and nobody has dealt with yet.
 */
export function conversationsIn(
  conversations: Record<number, ConversationSummary>,
  which: ConversationView,
  order: ListOrder = "newest",
): ConversationSummary[] {
  const newest = (a: ConversationSummary, b: ConversationSummary) =>
    activityAt(b) - activityAt(a) || b.id - a.id;
  const byOrder =
    order === "newest"
      ? newest
      : (a: ConversationSummary, b: ConversationSummary) =>
          (a.waiting_since ?? Infinity) - (b.waiting_since ?? Infinity) || newest(a, b);
  return Object.values(conversations)
    .filter((c) => (which === "missed" ? c.missed : c.state === which))
    .sort(byOrder);
}

/** Whose conversations a list shows. */
export function ofAssignee(
  list: ConversationSummary[],
  filter: AssigneeFilter,
  meId: number,
): ConversationSummary[] {
  if (filter === "all") return list;
  return list.filter((c) => (filter === "mine" ? c.assignee?.id === meId : c.assignee === null));
}

/** Missed chats nobody has dealt with, as this console holds them. */
export function missedChats(state: { conversations: Record<number, ConversationSummary> }): number {
  let total = 0;
  for (const summary of Object.values(state.conversations)) if (summary.missed) total += 1;
  return total;
}

/** Visitor messages nobody has read, over the open conversations. */
export function unreadChatMessages(state: {
  conversations: Record<number, ConversationSummary>;
}): number {
  let total = 0;
  for (const summary of Object.values(state.conversations)) {
    if (summary.state === "open") total += summary.unread;
  }
  return total;
}
