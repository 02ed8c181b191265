/**
 * The console's contact messages (sent with the site's contact form): their own slice of the
 * console's state, with its own reducer. The newest come with every refresh of the lists, and
 * every change anyone makes (read, handled) is pushed to every console.
 */
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";

export interface ContactMessagesState {
  /** The newest contact messages, newest first. */
  list: ContactMessageSummary[];
  /** The list has been fetched since the console started. */
  loaded: boolean;
}

export type ContactMessagesAction =
  | { type: "contacts"; list: ContactMessageSummary[] }
  | { type: "contact"; message: ContactMessageSummary };

export const initialContactMessages: ContactMessagesState = { list: [], loaded: false };

export function isContactMessagesAction(action: { type: string }): action is ContactMessagesAction {
  return action.type === "contacts" || action.type === "contact";
}

function newestFirst(contacts: ContactMessageSummary[]): ContactMessageSummary[] {
  return [...contacts].sort((a, b) => b.received_at - a.received_at || b.id - a.id);
}

export function contactMessagesReducer(
  state: ContactMessagesState,
  action: ContactMessagesAction,
): ContactMessagesState {
  switch (action.type) {
    case "contacts":
      return { list: newestFirst(action.list), loaded: true };
    case "contact": {
      const others = state.list.filter((c) => c.id !== action.message.id);
      return { ...state, list: newestFirst([action.message, ...others]) };
    }
  }
}

export function unreadContactMessages(state: ContactMessagesState): number {
  return state.list.filter((c) => !c.read).length;
}
