/**
 * The live chat: connection status, when the team answers (from the availability answer), the messages, "Support is
 * typing…", the input row and End Chat; when support ends the chat, the red notice instead of the
 * input row.
 */
import { CircleStop, MessageSquarePlus } from "lucide-react";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { brand } from "~/brand";
import type { ChatSession } from "../model/chat-session";
import { formatClockTime } from "~/lib/live-chat/clock-time";
import { ConnectionStatusLine } from "./connection-status";
import { AvailabilityNote, availabilityCopy, type Availability } from "./availability-note";
import { ChatRating } from "./chat-rating";
import { EndChatButton } from "./end-chat-dialog";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";

export const chatPanelTexts = {
  typing: "Support is typing…",
  endedByAgent: (time: string) => `This Chat was ended by ${brand.name} Support Team at ${time}.`,
  endedByVisitor: (time: string) => `You ended this chat at ${time}.`,
} as const;

export function ChatPanel({
  session,
  availability,
  onEnd,
  onStartNew,
}: {
  session: ChatSession;
  /** GET /api/support/availability's answer, null until it came (or when it failed). */
  availability: Availability | null;
  /** The visitor confirmed End Chat. */
  onEnd: () => void;
  /** After an ended chat: back to the form, name and e-mail kept. */
  onStartNew: () => void;
}) {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const { ended } = state;
  const copy = availabilityCopy(availability?.answer ?? null, {
    now: availability?.at ?? 0,
    agentsOnline: state.agentsOnline,
  });
  const startNew = useRef<HTMLButtonElement>(null);
  // The same function every render, so the list's memoized messages are not all drawn again.
  const retry = useCallback((clientId: string) => session.retry(clientId), [session]);

  // When the chat ends the input row that had focus is gone: the way forward takes it.
  useEffect(() => {
    if (!ended) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.getAttribute("role") === "dialog") {
      startNew.current?.focus();
    }
  }, [ended]);

  return (
    <section aria-label="Conversation" className="flex min-h-0 flex-col">
      {ended ? null : (
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2.5">
          <ConnectionStatusLine
            status={state.connection}
            onRetryNow={() => session.reconnectNow()}
          />
          <EndChatButton onConfirm={onEnd} />
        </div>
      )}

      {copy.away && !ended ? <AvailabilityNote copy={copy} /> : null}

      <MessageList messages={state.messages} onRetry={ended ? undefined : retry} />

      <p aria-live="polite" className="min-h-5 px-4 pb-1 text-sm text-muted italic">
        {state.agentTyping && !ended ? chatPanelTexts.typing : ""}
      </p>

      {state.notice && !ended ? (
        <p role="alert" className="px-4 pb-2 text-sm font-semibold text-danger">
          {state.notice}
        </p>
      ) : null}

      {ended ? (
        <div className="border-t border-line px-4 pt-3 pb-4">
          <p
            role="status"
            className="flex gap-2 rounded-xl border border-danger bg-surface p-3 font-semibold text-danger"
          >
            <CircleStop aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {ended.by === "agent"
              ? chatPanelTexts.endedByAgent(formatClockTime(ended.at))
              : chatPanelTexts.endedByVisitor(formatClockTime(ended.at))}
          </p>
          {ended.ratingToken ? <ChatRating token={ended.ratingToken} /> : null}
          <button
            ref={startNew}
            type="button"
            className="btn btn-primary mt-3 w-full"
            onClick={onStartNew}
          >
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            Start a new chat
          </button>
        </div>
      ) : (
        <MessageComposer
          onSend={(text) => session.sendText(text)}
          onTyping={(typing) => session.setTyping(typing)}
          onImage={(url) => session.sendImage(url)}
        />
      )}
    </section>
  );
}
