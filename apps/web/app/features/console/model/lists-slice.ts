/**
 * The lists: every conversation's summary (open and ended), moved on and merged by the rules of
 * conversation-summaries.ts, which pages of each view are held, the views' counts, and the
 * details and notes of the conversations opened.
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { conversationsPerPage } from "@hourline/contracts/console-team";
import {
  isReading,
  type ConsoleState,
  type ListsAction,
  type TypingState,
} from "./console-state-shape";
import { mergeSummary } from "./conversation-summaries";
import { notTyping } from "./presence-slice";
import { withoutConversations } from "./removed-conversations";

/**
 * A summary from the server as this console keeps it: merged, and read if it is on screen. One
 * that says nothing new is the summary already held, the same object: the lists are fetched again
 * on every open of the socket (the first one too), and a row whose summary is the same one is not
 * drawn again (conversation-list.tsx).
 */
function takenSummary(
  state: ConsoleState,
  known: ConversationSummary | undefined,
  incoming: ConversationSummary,
  live = false,
): ConversationSummary {
  const merged = mergeSummary(known, incoming, { live });
  const taken = isReading(state, merged.id) ? { ...merged, unread: 0 } : merged;
  // Both are as the server wrote them, key for key (a difference in order only draws it again).
  return known && JSON.stringify(known) === JSON.stringify(taken) ? known : taken;
}

/** Nobody is shown typing in a conversation that has ended. */
function stopTypingIfEnded(
  typing: Record<number, TypingState>,
  summary: ConversationSummary,
): Record<number, TypingState> {
  const current = typing[summary.id];
  if (summary.state !== "ended" || !current || (!current.visitor && !current.agent)) return typing;
  return { ...typing, [summary.id]: notTyping };
}

export function listsReducer(state: ConsoleState, action: ListsAction): ConsoleState {
  switch (action.type) {
    case "conversations": {
      const conversations = { ...state.conversations };
      let typing = state.typing;
      for (const incoming of action.list) {
        const summary = takenSummary(state, conversations[incoming.id], incoming);
        conversations[summary.id] = summary;
        typing = stopTypingIfEnded(typing, summary);
      }
      return {
        ...state,
        conversations,
        typing,
        loaded: { ...state.loaded, [action.state]: true },
        // A full page may have a next one (asked for from the oldest listed here).
        more: { ...state.more, [action.state]: action.list.length >= conversationsPerPage },
        cursor: {
          ...state.cursor,
          [action.state]:
            action.list.at(-1)?.id ?? (action.next ? state.cursor[action.state] : null),
        },
      };
    }

    case "summaries": {
      const conversations = { ...state.conversations };
      for (const incoming of action.list) {
        conversations[incoming.id] = takenSummary(state, conversations[incoming.id], incoming);
      }
      return { ...state, conversations };
    }

    case "counts":
      return { ...state, counts: action.counts };

    case "entries":
      return { ...state, entries: { ...state.entries, [action.conversationId]: action.entries } };

    case "entry": {
      const { entry } = action;
      const known = state.entries[entry.conversation_id];
      // Entries of conversations not opened here are fetched when they are opened.
      if (!known || known.some((e) => e.id === entry.id)) return state;
      return {
        ...state,
        entries: { ...state.entries, [entry.conversation_id]: [...known, entry] },
      };
    }

    case "conversation": {
      const summary = takenSummary(
        state,
        state.conversations[action.summary.id],
        action.summary,
        action.live,
      );
      return {
        ...state,
        conversations: { ...state.conversations, [summary.id]: summary },
        typing: stopTypingIfEnded(state.typing, summary),
      };
    }

    case "detail": {
      const { conversation, visitor, earlier } = action.detail;
      const next = listsReducer(state, { type: "conversation", summary: conversation });
      const conversations = { ...next.conversations };
      for (const summary of earlier) conversations[summary.id] ??= summary;
      return {
        ...next,
        conversations,
        details: {
          ...next.details,
          [conversation.id]: {
            visitor,
            earlierIds: earlier.map((e) => e.id),
            ...(action.detail.rating ? { rating: action.detail.rating } : {}),
          },
        },
      };
    }

    case "rating": {
      // Only a conversation whose details are loaded shows a rating; others fetch it with them.
      const id = action.rating.conversation_id;
      const detail = state.details[id];
      if (!detail) return state;
      return {
        ...state,
        details: { ...state.details, [id]: { ...detail, rating: action.rating } },
      };
    }

    case "missing":
      return { ...state, missing: { ...state.missing, [action.conversationId]: true } };

    case "removed":
      return withoutConversations(state, action.conversationIds);

    case "ended": {
      const summary = state.conversations[action.conversationId];
      return {
        ...state,
        conversations: summary
          ? {
              ...state.conversations,
              [summary.id]: {
                ...summary,
                state: "ended",
                ended_at: summary.ended_at ?? action.endedAt,
                ended_by: summary.ended_by ?? action.endedBy,
                waiting_since: null,
              },
            }
          : state.conversations,
        typing: { ...state.typing, [action.conversationId]: notTyping },
      };
    }

    case "read": {
      const summary = state.conversations[action.conversationId];
      if (!summary || summary.unread === 0) return state;
      return {
        ...state,
        conversations: { ...state.conversations, [summary.id]: { ...summary, unread: 0 } },
      };
    }
  }
}
