/**
 * What a screen reader hears of a running chat, from one polite live region that exists before
 * anything is said in it (outside the panel, so it also speaks while the panel is closed): each new
 * message from support once (the message list itself stays quiet, so it is never read again as a
 * whole), a connection state once it has lasted a moment (a flapping connection is not read out at
 * every flip), a problem the server reported, and the end of the chat by support. While the tab is
 * hidden the page title counts support's new messages.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import { STATUS_SETTLE_MS } from "~/lib/live-chat/settled-status";
import type { ChatSession } from "../model/chat-session";
import { PresenceNews } from "../model/presence-news";
import type { ShownMessage } from "../model/chat-state";
import { formatChatTime, t } from "../i18n/chat-language";
import { presenceNews, type Availability } from "./availability-note";
import { closingTexts } from "./closing-screen";

/** Every word the announcer says, in one place, in the widget's active language. */
export const announcerTexts = {
  message: (name: string, text: string) => t("announceMessage", { name, text }),
  get image() {
    return t("announceImage");
  },
  get connecting() {
    return t("announceConnecting");
  },
  get connected() {
    return t("announceConnected");
  },
  get reconnected() {
    return t("announceReconnected");
  },
  get lost() {
    return t("announceLost");
  },
  get offline() {
    return t("announceOffline");
  },
  title: (count: number, title: string) => `(${count}) ${title}`,
};

type Settled = "connecting" | "open" | "lost" | "offline" | null;

/** The state worth telling: reconnecting and resuming are both "lost". */
function settledOf(status: ConnectionStatus): Settled {
  switch (status.kind) {
    case "open":
      return "open";
    case "connecting":
      return status.resuming ? "lost" : "connecting";
    case "reconnecting":
      return status.offline ? "offline" : "lost";
    default:
      return null;
  }
}

function plainText(message: ShownMessage): string {
  if (message.msgType === "image") return announcerTexts.image;
  const doc = new DOMParser().parseFromString(message.html, "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

interface Line {
  id: number;
  text: string;
}

export function ChatAnnouncer({
  session,
  availability,
}: {
  session: ChatSession;
  /** The team's hours: whether a change of presence changes the chat's notice. */
  availability: Availability | null;
}) {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const [lines, setLines] = useState<Line[]>([]);
  const nextId = useRef(0);
  const toSay = useRef<Line[]>([]);
  const sayTimer = useRef<number | undefined>(undefined);
  // Lines are added in a task of their own, never while React commits: the effects below call
  // this as they see new messages, and a state update from an effect React runs inside a commit
  // counts as a nested update. A burst of 50 replies, each in its own frame, then exceeded React's
  // limit ("Maximum update depth exceeded") and took the widget down.
  const say = useCallback((text: string) => {
    toSay.current.push({ id: ++nextId.current, text });
    sayTimer.current ??= window.setTimeout(() => {
      sayTimer.current = undefined;
      const added = toSay.current;
      toSay.current = [];
      // Only additions are read; the last few stay so a quick second line does not replace the first.
      setLines((before) => [...before, ...added].slice(-4));
    }, 0);
  }, []);
  useEffect(() => () => window.clearTimeout(sayTimer.current), []);

  // Support's new messages: not the history loaded when the chat (re)opens, but a reply written
  // since this chat view opened is new even when it first arrives in that history (sent while the
  // socket was still connecting).
  const [openedAt] = useState(() => Date.now());
  const seen = useRef<Set<string> | null>(null);
  const unseenWhileHidden = useRef(0);
  const baseTitle = useRef<string | null>(null);
  useEffect(() => {
    if (!state.historyLoaded) return;
    seen.current ??= new Set(
      state.messages.filter((m) => m.from !== "agent" || m.createdAt < openedAt).map((m) => m.key),
    );
    const fresh = state.messages.filter((m) => !seen.current?.has(m.key));
    for (const m of fresh) seen.current.add(m.key);
    const fromSupport = fresh.filter((m) => m.from === "agent");
    for (const m of fromSupport) say(announcerTexts.message(m.senderName, plainText(m)));
    if (fromSupport.length > 0 && document.hidden) {
      baseTitle.current ??= document.title;
      unseenWhileHidden.current += fromSupport.length;
      document.title = announcerTexts.title(unseenWhileHidden.current, baseTitle.current);
    }
  }, [state.messages, state.historyLoaded, say, openedAt]);

  // Back on the tab: the title is the page's again.
  useEffect(() => {
    const restore = () => {
      if (document.hidden || baseTitle.current === null) return;
      document.title = baseTitle.current;
      baseTitle.current = null;
      unseenWhileHidden.current = 0;
    };
    document.addEventListener("visibilitychange", restore);
    return () => {
      document.removeEventListener("visibilitychange", restore);
      restore();
    };
  }, []);

  // The connection: a state is told once it has lasted STATUS_SETTLE_MS (as long as the status line
  // waits before it shows trouble), and only when it differs
  // from the last one told.
  const settled = state.ended ? null : settledOf(state.connection);
  const told = useRef<Settled>(null);
  useEffect(() => {
    if (!settled || settled === told.current) return undefined;
    const timer = window.setTimeout(() => {
      const wasLost = told.current === "lost" || told.current === "offline";
      told.current = settled;
      say(
        settled === "open"
          ? wasLost
            ? announcerTexts.reconnected
            : announcerTexts.connected
          : announcerTexts[settled],
      );
    }, STATUS_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [settled, say]);

  // Agents coming and going: told once the change has lasted, when it shows or hides the notice.
  const hours = useRef(availability);
  useEffect(() => {
    hours.current = availability;
  }, [availability]);
  const presence = useRef<PresenceNews | null>(null);
  useEffect(() => {
    const news = new PresenceNews(session.getState().agentsOnline, (before, after) => {
      const text = presenceNews(hours.current, before, after);
      if (text) say(text);
    });
    presence.current = news;
    return () => news.dispose();
  }, [session, say]);
  useEffect(() => {
    if (state.ended) presence.current?.dispose();
    else presence.current?.update(state.agentsOnline);
  }, [state.agentsOnline, state.ended]);

  useEffect(() => {
    if (state.notice) say(state.notice);
  }, [state.notice, say]);

  useEffect(() => {
    if (state.ended?.by === "agent") say(closingTexts.endedByAgent(formatChatTime(state.ended.at)));
  }, [state.ended, say]);

  return (
    <div aria-live="polite" aria-atomic="false" className="sr-only" data-testid="chat-announcer">
      {lines.map((line) => (
        <p key={line.id}>{line.text}</p>
      ))}
    </div>
  );
}
