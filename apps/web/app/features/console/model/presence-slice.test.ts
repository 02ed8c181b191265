import { describe, expect, it } from "vitest";
import { unreadChatMessages } from "./conversation-summaries";
import {
  agentMessage,
  colleague,
  detail,
  ended,
  summary,
  visitorEmail,
  visitorMessage,
} from "./console-fixtures.test-support";

import { apply, start, withLists, received } from "./console-state.test-support";

describe("consoleReducer: typing and presence", () => {
  it("shows who is typing until they stop or their message arrives", () => {
    let s = withLists([summary(7)]);
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true });
    s = apply(s, {
      type: "typing",
      conversationId: 7,
      from: "agent",
      typing: true,
      agentName: colleague.name,
    });
    expect(s.typing[7]).toEqual({ visitor: true, agent: "Bruno" });
    s = apply(s, received(visitorMessage(1)));
    expect(s.typing[7]).toEqual({ visitor: false, agent: "Bruno" });
    s = apply(s, received(agentMessage(2)));
    expect(s.typing[7]).toEqual({ visitor: false, agent: null });
    s = apply(s, { type: "typing", conversationId: 7, from: "agent", typing: true });
    expect(s.typing[7]).toEqual({ visitor: false, agent: "Another agent" });
    s = apply(s, { type: "typing", conversationId: 7, from: "agent", typing: false });
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true });
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: false });
    expect(s.typing[7]).toEqual({ visitor: false, agent: null });
  });

  it("shows nobody typing in an ended conversation", () => {
    const s = apply(withLists([], [ended(7)]), {
      type: "typing",
      conversationId: 7,
      from: "visitor",
      typing: true,
    });
    expect(s.typing[7]).toBeUndefined();
  });

  it("shows the visitor online or offline in every conversation of theirs and in the details", () => {
    let s = withLists(
      [summary(7, { visitor_online: false }), summary(8)],
      [ended(3, { visitor_email: visitorEmail(7) })],
    );
    s = apply(s, { type: "detail", detail: detail(summary(7, { visitor_online: false })) });
    s = apply(s, { type: "visitor-presence", email: visitorEmail(7), online: true });
    expect(s.conversations[7]?.visitor_online).toBe(true);
    expect(s.conversations[3]?.visitor_online).toBe(true);
    expect(s.conversations[8]?.visitor_online).toBe(true);
    expect(s.details[7]?.visitor.online).toBe(true);
    s = apply(s, { type: "visitor-presence", email: visitorEmail(8), online: false });
    expect(s.conversations[8]?.visitor_online).toBe(false);
    expect(s.conversations[7]?.visitor_online).toBe(true);
    expect(s.details[7]?.visitor.online).toBe(true);
  });
});

describe("consoleReducer: updates that change nothing", () => {
  it("keeps the same state for a visitor's presence that changes nothing here", () => {
    let s = withLists([summary(7, { visitor_online: false }), summary(8)]);
    s = apply(s, { type: "detail", detail: detail(summary(7, { visitor_online: false })) });
    // A visitor with no conversation here, or one already shown so.
    expect(apply(s, { type: "visitor-presence", email: "else@clinic.example", online: true })).toBe(
      s,
    );
    expect(apply(s, { type: "visitor-presence", email: visitorEmail(7), online: false })).toBe(s);
    expect(apply(s, { type: "visitor-presence", email: visitorEmail(8), online: true })).toBe(s);
    // A change copies only what it changes.
    const next = apply(s, { type: "visitor-presence", email: visitorEmail(8), online: false });
    expect(next.conversations[7]).toBe(s.conversations[7]);
    expect(next.details).toBe(s.details);
    expect(next.conversations[8]?.visitor_online).toBe(false);
  });

  it("keeps the same typing records when nobody was typing", () => {
    let s = withLists([summary(7)]);
    const before = s.typing;
    s = apply(s, received(visitorMessage(1)), received(agentMessage(2)));
    expect(s.typing).toBe(before);
    expect(s.typing).toEqual({});
    expect(apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: false })).toBe(s);
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true });
    const typing = s.typing;
    expect(apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true })).toBe(s);
    // Another agent's message leaves the visitor's typing as it was.
    s = apply(s, received(agentMessage(3)));
    expect(s.typing).toBe(typing);
  });
});

describe("consoleReducer: agents' presence", () => {
  it("records each agent's console connecting and closing in a new object every time", () => {
    const s0 = start();
    expect(s0.agentsOnline).toEqual({});
    const s1 = apply(s0, { type: "agent-presence", agentId: 12, online: true });
    const s2 = apply(s1, { type: "agent-presence", agentId: 13, online: true });
    const s3 = apply(s2, { type: "agent-presence", agentId: 12, online: false });
    expect(s3.agentsOnline).toEqual({ 12: false, 13: true });
    expect(new Set([s0.agentsOnline, s1.agentsOnline, s2.agentsOnline, s3.agentsOnline]).size).toBe(
      4,
    );
  });
});

describe("consoleReducer: who is viewing which conversation", () => {
  it("keeps each other agent's conversation on screen until they leave it or close their console", () => {
    const s0 = start();
    const s1 = apply(s0, { type: "viewer", agentId: 12, agentName: "Ana", conversationId: 7 });
    const s2 = apply(s1, { type: "viewer", agentId: 13, agentName: "Bo", conversationId: 7 });
    const s3 = apply(s2, { type: "viewer", agentId: 12, agentName: "Ana", conversationId: 8 });
    expect(s3.viewers).toEqual({
      12: { name: "Ana", conversationId: 8 },
      13: { name: "Bo", conversationId: 7 },
    });
    const s4 = apply(s3, { type: "viewer", agentId: 12, agentName: "Ana", conversationId: null });
    const s5 = apply(s4, { type: "agent-presence", agentId: 13, online: false });
    expect([s4.viewers, s5.viewers]).toEqual([{ 13: { name: "Bo", conversationId: 7 } }, {}]);
  });
});

describe("consoleReducer: the unread total", () => {
  it("adds up the open conversations' unread visitor messages", () => {
    let s = withLists(
      [summary(1, { unread: 2 }), summary(2, { unread: 0 }), summary(3, { unread: 5 })],
      [ended(4, { unread: 7 })],
    );
    expect(unreadChatMessages(s)).toBe(7);
    s = apply(s, received(visitorMessage(10, 2)));
    expect(unreadChatMessages(s)).toBe(8);
    s = apply(s, { type: "conversation", summary: summary(3, { unread: 0 }) });
    expect(unreadChatMessages(s)).toBe(3);
  });
});
