/**
 * Who is there: visitors and other agents typing, visitors online, other agents' consoles and the
 * conversation each shows. Records are copied only when something in them changes.
 */
import type { ConsoleState, PresenceAction, TypingState } from "./console-state-shape";

export const notTyping: TypingState = { visitor: false, agent: null };

/** The typing records with one changed; the same object when the change changes nothing. */
export function withTyping(
  state: ConsoleState,
  conversationId: number,
  change: Partial<TypingState>,
): Record<number, TypingState> {
  const current = state.typing[conversationId] ?? notTyping;
  const next = { ...current, ...change };
  if (next.visitor === current.visitor && next.agent === current.agent) return state.typing;
  return { ...state.typing, [conversationId]: next };
}

export function presenceReducer(state: ConsoleState, action: PresenceAction): ConsoleState {
  switch (action.type) {
    case "typing": {
      const summary = state.conversations[action.conversationId];
      if (action.typing && summary?.state === "ended") return state;
      const typing = withTyping(
        state,
        action.conversationId,
        action.from === "visitor"
          ? { visitor: action.typing }
          : { agent: action.typing ? (action.agentName ?? "Another agent") : null },
      );
      return typing === state.typing ? state : { ...state, typing };
    }

    case "visitor-presence": {
      // Copied only once something changes: most visitors have no conversation here.
      const { email, online } = action;
      let conversations = state.conversations;
      for (const summary of Object.values(state.conversations)) {
        if (summary.visitor_email !== email || summary.visitor_online === online) continue;
        if (conversations === state.conversations) conversations = { ...conversations };
        conversations[summary.id] = { ...summary, visitor_online: online };
      }
      let details = state.details;
      for (const [id, detail] of Object.entries(state.details)) {
        if (detail.visitor.email !== email || detail.visitor.online === online) continue;
        if (details === state.details) details = { ...details };
        details[Number(id)] = { ...detail, visitor: { ...detail.visitor, online } };
      }
      return conversations === state.conversations && details === state.details
        ? state
        : { ...state, conversations, details };
    }

    case "agent-presence": {
      const agentsOnline = { ...state.agentsOnline, [action.agentId]: action.online };
      // This agent chose online or away here or in another tab: the status toggle shows it.
      const mine = action.agentId === state.me.id ? action.availability : undefined;
      const myStatus = mine === "online" || mine === "away" ? mine : state.myStatus;
      if (action.online || !state.viewers[action.agentId]) {
        return { ...state, agentsOnline, myStatus };
      }
      const { [action.agentId]: _gone, ...viewers } = state.viewers;
      return { ...state, agentsOnline, myStatus, viewers };
    }

    case "viewer": {
      const { [action.agentId]: _before, ...viewers } = state.viewers;
      if (action.conversationId !== null) {
        viewers[action.agentId] = { name: action.agentName, conversationId: action.conversationId };
      }
      return { ...state, viewers };
    }
  }
}
