/**
 * The support chat, loaded only once the visitor opens it (or a chat was running before a
 * reload): the "Support Chat" modal with the registration form or the live conversation. It stays
 * mounted after the modal closes, so a running chat keeps its socket and counts unread replies.
 */
import type { ChatUser } from "@hourline/contracts/chat-api";
import { CircleStop, LoaderCircle, MessageSquarePlus, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState, useSyncExternalStore } from "react";
import { checkChatEmail } from "../api/check-chat-email";
import { socketUrl } from "../api/chat-urls";
import { fetchChatMessages } from "../api/fetch-chat-messages";
import { fetchConversationState } from "../api/fetch-conversation-state";
import { registerChatVisitor } from "../api/register-chat-visitor";
import { fetchChatSession } from "../api/fetch-chat-session";
import { chatRequestOf, launcherButtonId, launcherStore } from "../launcher/launcher-state";
import { tabStorage } from "~/lib/live-chat/browser-storage";
import { browserConnectionEnv } from "~/lib/live-chat/chat-connection";
import { ChatSession } from "../model/chat-session";
import {
  loadActiveChat,
  loadPendingRating,
  saveActiveChat,
  type PendingRating,
} from "../model/chat-storage";
import { formatClockTime } from "~/lib/live-chat/clock-time";
import { newClientId } from "~/lib/live-chat/client-id";
import { availabilityCopy, useAvailability } from "./availability-note";
import { ChatPanel, chatPanelTexts } from "./chat-panel";
import { ChatRating } from "./chat-rating";
import { RegistrationForm } from "./registration-form";
import { registrationTexts, useRegistration } from "./use-registration";

type View =
  | { kind: "form"; focusName: boolean }
  | { kind: "resuming" }
  /** After a reload: the chat that ended unrated, asked "How did we do?" again. */
  | { kind: "rate"; pending: PendingRating }
  | { kind: "chat"; session: ChatSession };

export function SupportChatWidget() {
  const { open } = useSyncExternalStore(
    launcherStore.subscribe,
    launcherStore.get,
    launcherStore.get,
  );
  const [view, setView] = useState<View>(() => {
    if (loadActiveChat(tabStorage()) || chatRequestOf(window.location.search) === "resume") {
      return { kind: "resuming" };
    }
    const pending = loadPendingRating(tabStorage(), Date.now());
    return pending ? { kind: "rate", pending } : { kind: "form", focusName: false };
  });
  const availability = useAvailability(open);
  const registration = useRegistration((user, transcript) => startChat(user, transcript));

  function startChat(user: ChatUser, transcript: boolean) {
    const session = new ChatSession(
      {
        email: user.email,
        username: user.username,
        conversationId: user.conversation_id,
        transcript,
      },
      {
        api: {
          fetchMessages: fetchChatMessages,
          fetchState: fetchConversationState,
          checkEmail: checkChatEmail,
        },
        env: browserConnectionEnv(),
        socketUrl: socketUrl(user.email, window.location),
        storage: tabStorage(),
        newClientId,
      },
      {
        onUnverified: () => {
          registration.reset({
            name: user.username,
            email: user.email,
            message: registrationTexts.verifyAgain,
          });
          setView({ kind: "form", focusName: false });
        },
        onUnread: (count) => launcherStore.setUnread(count),
      },
      { agentsOnline: user.agents_online, visible: launcherStore.get().open },
    );
    session.start();
    setView({ kind: "chat", session });
  }

  // A chat that was running before a reload: resume its conversation (register resumes the open
  // one) and send what was typed but not yet delivered.
  useEffect(() => {
    let cancelled = false;
    const request = chatRequestOf(window.location.search);
    if (request) {
      // The link's word is read once: a reload or a shared address does not repeat it.
      const url = new URL(window.location.href);
      url.searchParams.delete("chat");
      window.history.replaceState(window.history.state, "", url);
    }
    void (async () => {
      let active = loadActiveChat(tabStorage());
      // Opened from a mail's link, which signed this browser in: the chat picks up from there.
      if (!active && request === "resume") {
        const who = await fetchChatSession();
        if (who) {
          active = { ...who, transcript: false };
          saveActiveChat(tabStorage(), active);
        }
      }
      if (cancelled) return;
      if (!active) {
        if (request) {
          registration.reset({
            name: "",
            email: "",
            message:
              "That link has been used or is more than 7 days old. Enter your name and e-mail, and we will send you a code to open your conversation again.",
          });
          setView({ kind: "form", focusName: false });
        }
        return;
      }
      await resume(active);
    })();
    async function resume(active: { username: string; email: string; transcript: boolean }) {
      return registerChatVisitor({
        username: active.username,
        email: active.email,
        ...(active.transcript ? { transcript: true } : {}),
      }).then((outcome) => {
        if (cancelled) return;
        if (outcome.kind === "registered") {
          startChat(outcome.user, active.transcript);
          return;
        }
        saveActiveChat(tabStorage(), null);
        registration.reset({
          name: active.username,
          email: active.email,
          message:
            outcome.kind === "unverified"
              ? registrationTexts.verifyAgain
              : "We could not reopen your conversation. Please start the chat again.",
        });
        setView({ kind: "form", focusName: false });
      });
    }
    return () => {
      cancelled = true;
    };
    // Once, when the widget first loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const session = view.kind === "chat" ? view.session : null;
  useEffect(() => {
    session?.setVisible(open);
  }, [session, open]);

  function endChat() {
    session?.end();
    launcherStore.setUnread(0);
    registration.reset();
    setView({ kind: "form", focusName: true });
  }

  function startNew() {
    if (!session) return;
    session.dispose();
    registration.reset({ name: session.identity.username, email: session.identity.email });
    setView({ kind: "form", focusName: true });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => launcherStore.setOpen(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/30" />
        <Dialog.Content
          data-testid="support-chat"
          className="card fixed inset-x-0 bottom-0 z-50 flex outline-none max-h-[100dvh] flex-col overflow-hidden rounded-b-none sm:inset-x-auto sm:right-5 sm:bottom-24 sm:max-h-[calc(100dvh-7.5rem)] sm:w-[27rem] sm:rounded-b-[var(--radius-card)]"
          onOpenAutoFocus={(event) => {
            const target = document.getElementById(
              view.kind === "chat" ? "chat-editor" : "chat-name",
            );
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (launcherStore.takeReturnFocus() ?? document.getElementById(launcherButtonId))?.focus();
          }}
        >
          <header className="flex items-start justify-between gap-3 bg-brand-strong px-5 py-4 text-on-brand">
            <div>
              <Dialog.Title className="text-lg font-bold">Support Chat</Dialog.Title>
              <Dialog.Description className="text-sm" data-testid="chat-availability-line">
                {
                  availabilityCopy(availability?.answer ?? null, { now: availability?.at ?? 0 })
                    .line
                }
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close support chat"
              className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {view.kind === "chat" ? (
              <ChatPanel
                session={view.session}
                availability={availability}
                onEnd={endChat}
                onStartNew={startNew}
              />
            ) : view.kind === "rate" ? (
              <section aria-label="Your last chat" className="px-4 pt-3 pb-4">
                <p
                  role="status"
                  className="flex gap-2 rounded-xl border border-danger bg-surface p-3 font-semibold text-danger"
                >
                  <CircleStop aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                  {view.pending.endedBy === "agent"
                    ? chatPanelTexts.endedByAgent(formatClockTime(view.pending.endedAt))
                    : chatPanelTexts.endedByVisitor(formatClockTime(view.pending.endedAt))}
                </p>
                <ChatRating token={view.pending.token} />
                <button
                  type="button"
                  className="btn btn-primary mt-3 w-full"
                  onClick={() => setView({ kind: "form", focusName: true })}
                >
                  <MessageSquarePlus aria-hidden="true" className="size-4" />
                  Start a new chat
                </button>
              </section>
            ) : view.kind === "resuming" ? (
              <p role="status" className="flex items-center gap-2 p-5 text-muted">
                <LoaderCircle
                  aria-hidden="true"
                  className="size-5 animate-spin motion-reduce:animate-none"
                />
                Reopening your conversation…
              </p>
            ) : (
              <RegistrationForm registration={registration} focusName={view.focusName} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
