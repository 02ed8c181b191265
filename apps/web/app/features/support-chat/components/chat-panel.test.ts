import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ChatSession } from "../model/chat-session";
import { chatReducer, initialChatState, type ChatState } from "../model/chat-state";
import { ChatPanel } from "./chat-panel";

/** A visitor's message the server never acknowledged: failed, with Retry while it can be sent. */
function withFailedMessage(): ChatState {
  let state = initialChatState({ agentsOnline: true, senderName: "Maria" });
  state = chatReducer(state, {
    type: "queued",
    pending: {
      clientId: "client-0001",
      html: "Hello?",
      msgType: "text",
      createdAt: Date.UTC(2026, 10, 23, 9, 0),
      delivery: "sending",
    },
    senderName: "Maria",
  });
  return chatReducer(state, { type: "failed", clientId: "client-0001", error: "Not delivered." });
}

function panel(state: ChatState): string {
  // Only what the panel reads while rendering: its state and the two callbacks it hands on.
  const session = {
    subscribe: () => () => {},
    getState: () => state,
    retry: () => {},
    reconnectNow: () => {},
    identity: { email: "ravi@visitors.example", username: "Ravi", transcript: true },
  } as unknown as ChatSession;
  return renderToStaticMarkup(
    createElement(ChatPanel, {
      session,
      availability: null,
      touch: false,
      onEnd: () => {},
      onStartNew: () => {},
    }),
  );
}

describe("ChatPanel", () => {
  it("offers Retry for a failed message while the chat is open, and not once it has ended", () => {
    const open = withFailedMessage();
    expect(panel(open)).toContain("Not sent: Not delivered.");
    expect(panel(open)).toContain("Retry");

    const ended = chatReducer(open, { type: "ended", end: { by: "agent", at: Date.now() } });
    expect(panel(ended)).toContain("Not sent: Not delivered.");
    expect(panel(ended)).not.toContain("Retry");
  });
});
