/**
 * The live chat: connection status, when the team answers (from the availability answer), the messages, "Support is
 * typing…", the input row and End Chat; when support ends the chat, the red notice instead of the
 * input row.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { t } from "../i18n/chat-language";
import type { ChatSession } from "../model/chat-session";
import { ConnectionStatusLine } from "./connection-status";
import { AvailabilityNote, availabilityCopy, type Availability } from "./availability-note";
import { transcriptNote } from "./closing-screen";
import { EndChatButton } from "./end-chat-dialog";
import { EndedNotice } from "./ended-notice";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";

export const chatPanelTexts = {
  get typing() {
    return t("typing");
  },
  get conversation() {
    return t("conversation");
  },
};

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
    <section aria-label={chatPanelTexts.conversation} className="flex min-h-0 flex-1 flex-col">
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
          <EndedNotice
            ref={startNew}
            id="chat-ended-note"
            by={ended.by}
            at={ended.at}
            note={transcriptNote(session.identity.transcript, session.identity.email)}
            ratingToken={ended.ratingToken}
            onStartNew={onStartNew}
          />
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
