/**
 * The threads: the messages of the conversations opened, from history fetches and pushes, and the
 * replies typed here as they go out (console-threads.ts holds the merging rules). A new message
 * moves its conversation's summary on and ends its sender's typing.
 */
import { isReading, type ConsoleState, type ThreadsAction } from "./console-state-shape";
import { emptyThread, mergeIntoThread, withReply, withReplyDelivery } from "./console-threads";
import { summaryAfter } from "./conversation-summaries";
import { withTyping } from "./presence-slice";

export function threadsReducer(state: ConsoleState, action: ThreadsAction): ConsoleState {
  switch (action.type) {
    case "history": {
      const thread = state.threads[action.conversationId] ?? emptyThread;
      const merged = { ...mergeIntoThread(thread, action.messages), loaded: true };
      const summary = state.conversations[action.conversationId];
      const newest = action.messages.at(-1);
      return {
        ...state,
        threads: { ...state.threads, [action.conversationId]: merged },
        conversations:
          summary && newest && (!summary.last_message || summary.last_message.id < newest.id)
            ? { ...state.conversations, [summary.id]: { ...summary, last_message: newest } }
            : state.conversations,
      };
    }

    case "received": {
      const { message } = action;
      const id = message.conversation_id;
      const thread = state.threads[id];
      const summary = state.conversations[id];
      return {
        ...state,
        threads: thread
          ? { ...state.threads, [id]: mergeIntoThread(thread, [message]) }
          : state.threads,
        conversations: summary
          ? { ...state.conversations, [id]: summaryAfter(summary, message, isReading(state, id)) }
          : state.conversations,
        // Their message ends their typing.
        typing: withTyping(
          state,
          id,
          message.sender_type === "visitor" ? { visitor: false } : { agent: null },
        ),
      };
    }

    case "queued": {
      const threads = withReply(state.threads, action.pending, state.me);
      return threads === state.threads ? state : { ...state, threads };
    }

    case "acked":
    case "failed":
    case "retrying": {
      const threads = withReplyDelivery(state.threads, action);
      return threads === state.threads ? state : { ...state, threads };
    }
  }
}
