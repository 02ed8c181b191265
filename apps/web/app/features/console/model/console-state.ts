/**
 * The console's live state put together: its start, and the one reducer that hands each action
 * to the slice that owns it (lists, threads, presence, UI, and the contact messages of
 * contact-messages-state.ts). The state's shape and the actions are in console-state-shape.ts.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { AgentStatus } from "@hourline/contracts/console-team";
import {
  contactMessagesReducer,
  initialContactMessages,
  isContactMessagesAction,
} from "./contact-messages-state";
import type { ChatAction, ConsoleAction, ConsoleState } from "./console-state-shape";
import type { PendingReply } from "./console-threads";
import { listsReducer } from "./lists-slice";
import { presenceReducer } from "./presence-slice";
import { threadsReducer } from "./threads-slice";
import { uiReducer } from "./ui-slice";

export {
  isReading,
  type ConsoleAction,
  type ConsoleState,
  type ConversationDetail,
  type TypingState,
} from "./console-state-shape";

export function initialConsoleState(
  me: AgentProfile,
  options: {
    visible?: boolean;
    /** The agent's own status, when known (online or away). */
    status?: AgentStatus | undefined;
    pending?: PendingReply[];
  } = {},
): ConsoleState {
  const state: ConsoleState = {
    me,
    myStatus: options.status ?? null,
    connection: { kind: "idle" },
    conversations: {},
    loaded: { open: false, ended: false, missed: false },
    more: { open: false, ended: false, missed: false },
    cursor: { open: null, ended: null, missed: null },
    counts: null,
    entries: {},
    details: {},
    threads: {},
    typing: {},
    contacts: initialContactMessages,
    missing: {},
    viewing: null,
    visible: options.visible ?? true,
    notice: null,
    expired: false,
    agentsOnline: {},
    viewers: {},
  };
  return (options.pending ?? []).reduce(
    (s, pending) => consoleReducer(s, { type: "queued", pending }),
    state,
  );
}

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  if (!isContactMessagesAction(action)) return chatReducer(state, action);
  const contacts = contactMessagesReducer(state.contacts, action);
  return contacts === state.contacts ? state : { ...state, contacts };
}

/** Each action to the slice that owns it. */
function chatReducer(state: ConsoleState, action: ChatAction): ConsoleState {
  switch (action.type) {
    case "conversations":
    case "summaries":
    case "counts":
    case "entries":
    case "entry":
    case "conversation":
    case "detail":
    case "rating":
    case "missing":
    case "removed":
    case "ended":
    case "read":
      return listsReducer(state, action);
    case "history":
    case "received":
    case "queued":
    case "acked":
    case "failed":
    case "retrying":
      return threadsReducer(state, action);
    case "typing":
    case "visitor-presence":
    case "agent-presence":
    case "viewer":
      return presenceReducer(state, action);
    case "connection":
    case "viewing":
    case "visible":
    case "me":
    case "notice":
    case "expired":
      return uiReducer(state, action);
  }
}
