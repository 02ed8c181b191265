/**
 * The support chat as an island: React and the widget, imported by the enhancement script the first
 * time the chat is wanted (app/enhance/chat-launcher.ts). It mounts the widget in a root of its own
 * at the end of the page and keeps the prerendered launcher button in step with the chat: whether
 * the modal is open, and a badge counting support's replies that arrived while it was closed.
 */
import { createRoot } from "react-dom/client";
import { SupportChatWidget } from "../components/support-chat-widget";
import { prepareChatLanguage } from "../i18n/chat-language";
import { launcherButtonId, launcherStore, openSupportChat } from "./launcher-state";

export { openSupportChat };

let mounted = false;

export function mountSupportChat() {
  if (mounted) return;
  mounted = true;
  const container = document.createElement("div");
  document.body.append(container);
  // The visitor's language is fetched first (English is bundled), so the widget never shows a
  // flash of English before it.
  void prepareChatLanguage().then(() => createRoot(container).render(<SupportChatWidget />));

  const launcher = document.getElementById(launcherButtonId);
  if (!launcher) return;
  const show = () => {
    const { open, unread } = launcherStore.get();
    launcher.setAttribute("aria-expanded", String(open));
    showUnread(launcher, unread);
  };
  launcherStore.subscribe(show);
  show();
}

function showUnread(launcher: HTMLElement, unread: number) {
  let badge = launcher.querySelector<HTMLElement>("[data-testid=chat-unread]");
  if (unread === 0) {
    badge?.remove();
    return;
  }
  if (!badge) {
    badge = document.createElement("span");
    badge.dataset.testid = "chat-unread";
    badge.className =
      "absolute -top-1 -right-1 grid min-w-6 place-items-center rounded-full bg-danger px-1.5 text-xs leading-6 font-bold text-white ring-2 ring-surface dark:bg-[#b91c1c]";
    launcher.append(badge);
  }
  const label = document.createElement("span");
  label.className = "sr-only";
  label.textContent = unread === 1 ? " new reply" : " new replies";
  badge.replaceChildren(unread > 9 ? "9+" : String(unread), label);
}
