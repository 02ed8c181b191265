/**
 * The floating "Open support chat" button on every page. It is all of the chat that loads with a
 * page: the chat itself (forms, socket, sanitizer) is fetched the first time it is opened, or at
 * once when a chat was running in this tab before a reload. A badge counts support's replies that
 * arrived while the modal was closed.
 */
import { LoaderCircle, MessageCircle } from "lucide-react";
import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { tabStorage } from "~/lib/live-chat/browser-storage";
import { hasActiveChat, launcherButtonId, launcherStore, openSupportChat } from "./launcher-state";

const loadWidget = () =>
  import("../components/support-chat-widget").then((m) => m.SupportChatWidget);

export function ChatLauncher() {
  const hydrated = useHydrated();
  const { open, unread, loaded } = useSyncExternalStore(
    launcherStore.subscribe,
    launcherStore.get,
    launcherStore.get,
  );
  const [Widget, setWidget] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (hasActiveChat(tabStorage() ?? undefined)) launcherStore.load();
  }, []);

  useEffect(() => {
    if (!loaded || Widget) return;
    let cancelled = false;
    loadWidget().then(
      (component) => {
        if (!cancelled) setWidget(() => component);
      },
      () => {
        if (cancelled) return;
        setFailed(true);
        launcherStore.setOpen(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loaded, Widget, failed]);

  if (!hydrated) return null;
  const opening = open && !Widget;

  return (
    <>
      <button
        id={launcherButtonId}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={opening || undefined}
        onClick={(event) => {
          setFailed(false);
          openSupportChat(event.currentTarget);
        }}
        className="btn btn-primary fixed right-5 bottom-5 z-40 size-14 p-0 shadow-[var(--shadow-float)]"
      >
        {opening ? (
          <LoaderCircle
            aria-hidden="true"
            className="size-6 animate-spin motion-reduce:animate-none"
          />
        ) : (
          <MessageCircle aria-hidden="true" className="size-6" />
        )}
        <span className="sr-only">Open support chat</span>{" "}
        {unread > 0 ? (
          <span
            data-testid="chat-unread"
            className="absolute -top-1 -right-1 grid min-w-6 place-items-center rounded-full bg-danger px-1.5 text-xs leading-6 font-bold text-white ring-2 ring-surface dark:bg-[#b91c1c]"
          >
            {unread > 9 ? "9+" : unread}
            <span className="sr-only">{unread === 1 ? " new reply" : " new replies"}</span>
          </span>
        ) : null}
      </button>
      {failed ? (
        <p
          role="alert"
          className="card fixed right-5 bottom-22 z-40 max-w-xs p-3 text-sm font-semibold text-ink"
        >
          The chat could not load. Check your connection and press the chat button again.
        </p>
      ) : null}
      {Widget ? <Widget /> : null}
    </>
  );
}
