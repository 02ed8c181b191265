/**
 * The support chat, loaded only once the visitor opens it (or a chat was running before a
 * reload): the "Support Chat" panel with the registration form, the live conversation or the
 * closing screen. On wide screens a panel beside the page, which stays usable (no backdrop, focus
 * not trapped, Escape closes); on phones and short screens (landscape, 200% zoom) it fills the
 * visual viewport above the on-screen keyboard, with the page behind inert. It stays mounted after
 * the panel closes, so a running chat keeps its socket, announces replies and counts them.
 */
import type { ChatUser } from "@hourline/contracts/chat-api";
import { LoaderCircle, X } from "lucide-react";
import { Dialog, Direction } from "radix-ui";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
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
import { newClientId } from "~/lib/live-chat/client-id";
import { chatLanguageStore, serverLanguage, t } from "../i18n/chat-language";
import { ChatAnnouncer } from "./chat-announcer";
import { LanguagePicker } from "./language-picker";
import { availabilityCopy, useAvailability, useLivePresence } from "./availability-note";
import { ChatPanel } from "./chat-panel";
import { EndedNotice } from "./ended-notice";
import { ClosingScreen } from "./closing-screen";
import { compactScreenQuery, useInertPage, useMediaQuery, useVisualViewportBox } from "./screen";
import { RegistrationForm } from "./registration-form";
import { registrationTexts } from "./registration-texts";
import { useRegistration } from "./use-registration";

type View =
  | { kind: "form"; focusName: boolean }
  | { kind: "resuming" }
  /** After a reload: the chat that ended unrated, asked "How did we do?" again. */
  | { kind: "rate"; pending: PendingRating }
  | { kind: "chat"; session: ChatSession }
  /** The visitor ended the chat: what happens next, and a way to start again. */
  | { kind: "closed"; at: number; email: string; transcript: boolean };

/** Every word the widget's frame says, in one place, in the active language. */
export const widgetTexts = {
  get title() {
    return t("title");
  },
  get lastChat() {
    return t("lastChat");
  },
  get close() {
    return t("close");
  },
  get resuming() {
    return t("resuming");
  },
  get linkSpent() {
    return t("linkSpent");
  },
  get reopenFailed() {
    return t("reopenFailed");
  },
  get addressProven() {
    return t("addressProven");
  },
};

export function SupportChatWidget() {
  const { open } = useSyncExternalStore(
    launcherStore.subscribe,
    launcherStore.get,
    launcherStore.get,
  );
  // Every text below reads the active language; a new one draws the widget again.
  const { language, dir } = useSyncExternalStore(
    chatLanguageStore.subscribe,
    chatLanguageStore.get,
    chatLanguageStore.get,
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
            message: request === "proven" ? widgetTexts.addressProven : widgetTexts.linkSpent,
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
        language: serverLanguage(),
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
              : widgetTexts.reopenFailed,
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
  // During a chat the header's line follows agents coming and going, as the chat's notice does.
  const agentsOnline = useLivePresence(session);
  useEffect(() => {
    session?.setVisible(open);
  }, [session, open]);

  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const compact = useMediaQuery(compactScreenQuery);
  const touch = useMediaQuery("(pointer: coarse)");
  const fit = useVisualViewportBox(open && compact);
  useInertPage(open && compact, root);

  function endChat() {
    if (!session) return;
    session.end();
    launcherStore.setUnread(0);
    setView({
      kind: "closed",
      at: Date.now(),
      email: session.identity.email,
      transcript: session.identity.transcript,
    });
  }

  function startNew() {
    if (view.kind === "closed") {
      // The visitor ended it: maybe on a shared computer, so the next chat starts from nothing.
      registration.reset();
    } else if (view.kind === "chat") {
      view.session.dispose();
      registration.reset({
        name: view.session.identity.username,
        email: view.session.identity.email,
      });
    } else return;
    setView({ kind: "form", focusName: true });
  }

  return (
    // The language's direction and name on the root: the panel (a portal into it) lays itself out
    // right to left in Arabic and Hebrew, and screen readers pronounce it in its language.
    <div ref={setRoot} lang={language} dir={dir}>
      <Direction.Provider dir={dir}>
        {session ? <ChatAnnouncer session={session} availability={availability} /> : null}
        <Dialog.Root
          open={open}
          // The page stays usable beside the panel; on a phone the panel fills the screen and the
          // page behind it is made inert instead (useInertPage).
          modal={false}
          onOpenChange={(next) => launcherStore.setOpen(next)}
        >
          <Dialog.Portal container={root}>
            <Dialog.Content
              ref={content}
              data-testid="support-chat"
              data-layout={compact ? "full-screen" : "panel"}
              aria-modal={compact ? true : undefined}
              tabIndex={-1}
              style={compact && fit ? { top: fit.top, height: fit.height } : undefined}
              // `right-5` stays physical in every language: the panel opens above the launcher,
              // which sits at the right of the (English, left-to-right) page. Its top stays below
              // the site's sticky header (4 rem and its border) with a gap: 6 rem below, 5 above.
              className={
                compact
                  ? "fixed inset-x-0 top-0 z-50 flex h-dvh flex-col overflow-hidden bg-surface outline-none"
                  : `card fixed right-5 bottom-24 z-50 flex max-h-[calc(100dvh-11rem)] w-[27rem] flex-col overflow-hidden outline-none ${
                      view.kind === "chat" ? "h-[min(42rem,calc(100dvh-11rem))]" : ""
                    }`
              }
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                // On a touch screen a focused text field opens the keyboard over half the chat: the
                // panel itself takes focus there, and the visitor taps the field when ready.
                const target = touch
                  ? null
                  : document.getElementById(view.kind === "chat" ? "chat-editor" : "chat-name");
                (target ?? content.current)?.focus();
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                (
                  launcherStore.takeReturnFocus() ?? document.getElementById(launcherButtonId)
                )?.focus();
              }}
              onKeyDown={(event) => {
                // Beside the page, Tab leads out of the panel (to the launcher, whose place in the
                // page it opened from) instead of looping inside it. Full-screen, it loops.
                if (compact || event.key !== "Tab" || !content.current) return;
                const tabbable = Array.from(
                  content.current.querySelectorAll<HTMLElement>(
                    "a[href], button, input, textarea, select, [tabindex]:not([tabindex='-1'])",
                  ),
                ).filter((el) => !el.matches(":disabled") && el.getClientRects().length > 0);
                const edge = event.shiftKey ? tabbable[0] : tabbable.at(-1);
                const launcher = document.getElementById(launcherButtonId);
                if (!edge || document.activeElement !== edge || !launcher) return;
                event.preventDefault();
                launcher.focus();
              }}
              // Not modal: reading or clicking the page beside the panel leaves it open.
              onInteractOutside={(event) => event.preventDefault()}
              onEscapeKeyDown={(event) => {
                // Escape pressed on the page beside the panel is the page's, not the chat's.
                const active = document.activeElement;
                if (active && active !== document.body && !content.current?.contains(active)) {
                  event.preventDefault();
                }
              }}
            >
              {/* A div, not <header>: a second banner landmark beside the page's. */}
              <div
                className={`flex shrink-0 items-start justify-between gap-3 bg-brand-strong px-5 text-on-brand ${
                  compact ? "py-2" : "py-4"
                }`}
              >
                <div>
                  <Dialog.Title className="text-lg font-bold">{widgetTexts.title}</Dialog.Title>
                  <Dialog.Description
                    className={`text-sm ${compact ? "[@media(max-height:500px)]:sr-only" : ""}`}
                  >
                    {
                      availabilityCopy(availability?.answer ?? null, {
                        now: availability?.at ?? 0,
                        agentsOnline,
                      }).line
                    }
                  </Dialog.Description>
                  <LanguagePicker language={language} />
                </div>
                <Dialog.Close
                  aria-label={widgetTexts.close}
                  className="grid size-11 shrink-0 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-white"
                >
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
              </div>
              {view.kind === "chat" ? (
                // The message list inside is the one scrolling region; the composer stays below it.
                <div className="flex min-h-0 flex-1 flex-col">
                  <ChatPanel
                    session={view.session}
                    availability={availability}
                    touch={touch}
                    onEnd={endChat}
                    onStartNew={startNew}
                  />
                </div>
              ) : (
                <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
                  {view.kind === "resuming" ? (
                    <p role="status" className="flex items-center gap-2 p-5 text-muted">
                      <LoaderCircle
                        aria-hidden="true"
                        className="size-5 animate-spin motion-reduce:animate-none"
                      />
                      {widgetTexts.resuming}
                    </p>
                  ) : view.kind === "rate" ? (
                    <section aria-label={widgetTexts.lastChat} className="px-4 pt-3 pb-4">
                      <EndedNotice
                        id="chat-last-note"
                        by={view.pending.endedBy}
                        at={view.pending.endedAt}
                        ratingToken={view.pending.token}
                        onStartNew={() => setView({ kind: "form", focusName: true })}
                      />
                    </section>
                  ) : view.kind === "closed" ? (
                    <ClosingScreen
                      endedAt={view.at}
                      email={view.email}
                      transcript={view.transcript}
                      onStartNew={startNew}
                    />
                  ) : (
                    <RegistrationForm registration={registration} focusName={view.focusName} />
                  )}
                </div>
              )}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </Direction.Provider>
    </div>
  );
}
