/**
 * The chat launcher (features/support-chat/launcher/chat-launcher.tsx) and every "Chat with us now"
 * button (`data-open-chat`): shown once this script runs, they open the support chat. The chat is an
 * island imported on the first press; focusing the launcher starts the download early, and a chat
 * that was running in this tab before a reload is brought back at once.
 */
import { chatRequestOf, hasActiveChat } from "~/features/support-chat/launcher/launcher-state";
import type * as ChatIslandModule from "~/features/support-chat/launcher/support-chat-widget-island";
import { tabStorage } from "~/lib/live-chat/browser-storage";

type ChatIsland = typeof ChatIslandModule;

let island: Promise<ChatIsland> | null = null;

function loadChat(): Promise<ChatIsland> {
  island ??= import("~/features/support-chat/launcher/support-chat-widget-island").then(
    (chat) => {
      chat.mountSupportChat();
      return chat;
    },
    (error: unknown) => {
      // The next press tries again.
      island = null;
      throw error;
    },
  );
  return island;
}

export function enhanceChatLauncher(root: Document) {
  const launcher = root.querySelector<HTMLButtonElement>("[data-chat-launcher]");
  if (!launcher) return;
  const failed = root.querySelector<HTMLElement>("[data-chat-failed]");

  const open = (from: HTMLElement) => {
    if (failed) failed.hidden = true;
    launcher.setAttribute("aria-busy", "true");
    loadChat()
      .then(
        (chat) => chat.openSupportChat(from),
        () => {
          if (failed) failed.hidden = false;
        },
      )
      .finally(() => launcher.removeAttribute("aria-busy"));
  };
  for (const button of [launcher, ...root.querySelectorAll<HTMLElement>("[data-open-chat]")]) {
    button.hidden = false;
    button.addEventListener("click", () => open(button));
  }
  launcher.addEventListener("focus", () => void loadChat().catch(() => undefined), {
    once: true,
  });
  // A mail's link back into the chat: the chat opens by itself.
  if (chatRequestOf(location.search)) open(launcher);
  else if (hasActiveChat(tabStorage() ?? undefined)) void loadChat().catch(() => undefined);
}
