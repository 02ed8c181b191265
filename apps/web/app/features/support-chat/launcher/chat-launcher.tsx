/**
 * The floating "Open support chat" button on every page, and the message shown if the chat cannot
 * load. Both need a script, so they stay hidden until the enhancement script shows the button
 * (app/enhance/chat-launcher.ts). The chat itself (forms, socket, sanitizer) is the island
 * support-chat-widget-island.tsx, imported the first time the button is pressed or focused, or at
 * once when a chat was running in this tab before a reload. While it loads the button shows a
 * spinner (aria-busy); once loaded, the island keeps `aria-expanded` and the badge that counts
 * support's replies up to date.
 */
import { LoaderCircle, MessageCircle } from "lucide-react";
import { launcherButtonId } from "./launcher-state";

export function ChatLauncher() {
  return (
    <>
      <button
        id={launcherButtonId}
        type="button"
        hidden
        aria-haspopup="dialog"
        aria-expanded="false"
        data-chat-launcher=""
        className="group/launcher btn btn-primary floating-button fixed right-5 bottom-5 z-40 size-14 p-0"
      >
        <MessageCircle aria-hidden="true" className="size-6 group-aria-busy/launcher:hidden" />
        <LoaderCircle
          aria-hidden="true"
          className="hidden size-6 animate-spin group-aria-busy/launcher:block motion-reduce:animate-none"
        />
        <span className="sr-only">Open support chat</span>
      </button>
      <p
        role="alert"
        hidden
        data-chat-failed=""
        className="card fixed right-5 bottom-22 z-40 max-w-xs p-3 text-sm font-semibold text-ink"
      >
        The chat could not load. Check your connection and press the chat button again.
      </p>
    </>
  );
}
