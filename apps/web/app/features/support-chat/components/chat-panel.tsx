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
import { closingTexts, transcriptNote } from "./closing-screen";
import { EndChatButton } from "./end-chat-dialog";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";

export const chatPanelTexts = {
  typing: "Support is typing…",
  endedByAgent: (time: string) => `The ${brand.name} support team ended this chat at ${time}.`,
  endedByVisitor: (time: string) => `You ended this chat at ${time}.`,
} as const;

export function ChatPanel({
  session,
  availability,
  touch,
  onEnd,
  onStartNew,
}: {
  session: ChatSession;
  /** GET /api/support/availability's answer, null until it came (or when it failed). */
  availability: Availability | null;
  /** A touch screen: no text field takes focus by itself (it would open the keyboard). */
  touch: boolean;
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
    <section aria-label="Conversation" className="flex min-h-0 flex-1 flex-col">
      {ended ? null : (
        <div className="flex shrink-0 items-center justify-between gap-3 border-b border-line px-4 py-1.5">
          <ConnectionStatusLine
            status={state.connection}
            onRetryNow={() => session.reconnectNow()}
          />
          <EndChatButton
            onConfirm={onEnd}
            transcriptNote={transcriptNote(
              session.identity.transcript,
              session.identity.email,
              true,
            )}
          />
        </div>
      )}

      {copy.away && !ended ? <AvailabilityNote copy={copy} /> : null}

      <MessageList messages={state.messages} onRetry={ended ? undefined : retry} />

      {/* Shown, not read out: a screen reader would hear it at every keystroke of support's. */}
      <p className="min-h-5 shrink-0 px-4 text-sm text-muted italic">
        {state.agentTyping && !ended ? chatPanelTexts.typing : ""}
      </p>

      {/* Read out once by the chat's announcer (chat-announcer.tsx). */}
      {state.notice && !ended ? (
        <p className="shrink-0 px-4 pb-2 text-sm font-semibold text-danger">{state.notice}</p>
      ) : null}

      {ended ? (
        <div className="shrink-0 overflow-y-auto border-t border-line px-4 pt-3 pb-4">
          {/* Read out by the announcer, whose region was there before; the button repeats it. */}
          <p
            id="chat-ended-note"
            className="flex gap-2 rounded-xl border border-danger bg-surface p-3 font-semibold text-danger"
          >
            <CircleStop aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              {ended.by === "agent"
                ? chatPanelTexts.endedByAgent(formatClockTime(ended.at))
                : chatPanelTexts.endedByVisitor(formatClockTime(ended.at))}{" "}
              {transcriptNote(session.identity.transcript, session.identity.email)}
            </span>
          </p>
          {ended.ratingToken ? <ChatRating token={ended.ratingToken} /> : null}
          <button
            ref={startNew}
            type="button"
            aria-describedby="chat-ended-note"
            className="btn btn-primary mt-3 w-full"
            onClick={onStartNew}
          >
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            {closingTexts.startNew}
          </button>
        </div>
      ) : (
        <MessageComposer
          focusOnMount={!touch}
          onSend={(text) => session.sendText(text)}
          onTyping={(typing) => session.setTyping(typing)}
          onImage={(url) => session.sendImage(url)}
        />
      )}
    </section>
  );
}
