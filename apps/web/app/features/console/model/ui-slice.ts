/**
 * This console itself: its socket's status, the conversation on screen, whether the tab is
 * visible, the agent's profile, a notice and the end of the session. What comes on screen in a
 * visible tab is read.
 */
import type { ConsoleState, UiAction } from "./console-state-shape";
import { listsReducer } from "./lists-slice";

export function uiReducer(state: ConsoleState, action: UiAction): ConsoleState {
  switch (action.type) {
    case "connection":
      return { ...state, connection: action.status };

    case "viewing": {
      const next = { ...state, viewing: action.conversationId };
      return action.conversationId !== null && state.visible
        ? listsReducer(next, { type: "read", conversationId: action.conversationId })
        : next;
    }

    case "visible": {
      const next = { ...state, visible: action.visible };
      return action.visible && state.viewing !== null
        ? listsReducer(next, { type: "read", conversationId: state.viewing })
        : next;
    }

    case "me":
      return { ...state, me: action.agent, myStatus: action.status ?? state.myStatus };

    case "notice":
      return { ...state, notice: action.message };

    case "expired":
      return { ...state, expired: true };
  }
}
