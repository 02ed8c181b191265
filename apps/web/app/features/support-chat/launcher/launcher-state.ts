/**
 * The little the launcher needs to know, shared with the lazily loaded chat without importing it:
 * whether the modal is open and how many agent replies arrived while it was closed. Anything on
 * the page (the help page's button) can open the chat once it has loaded; when to load it is the
 * enhancement script's call (app/enhance/chat-launcher.ts).
 */

export interface LauncherState {
  open: boolean;
  unread: number;
}

/** The launcher button's id: focus comes back to it when the modal closes. */
export const launcherButtonId = "support-chat-launcher";

/** sessionStorage key of a running chat, so a reload brings it back (see chat-storage.ts). */
export const activeChatStorageKey = "hourline.chat.active";

let state: LauncherState = { open: false, unread: 0 };
const listeners = new Set<() => void>();
let returnFocusTo: HTMLElement | null = null;

function update(next: Partial<LauncherState>) {
  const merged = { ...state, ...next };
  if (merged.open === state.open && merged.unread === state.unread) {
    return;
  }
  state = merged;
  for (const listener of listeners) listener();
}

export const launcherStore = {
  get: (): LauncherState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setOpen(open: boolean) {
    update(open ? { open, unread: 0 } : { open });
  },
  setUnread(unread: number) {
    update({ unread: state.open ? 0 : unread });
  },
  /** Where focus goes when the modal closes: what opened it. */
  takeReturnFocus(): HTMLElement | null {
    const element = returnFocusTo;
    returnFocusTo = null;
    return element;
  },
};

/** Opens the support chat modal; focus returns to `from` (or the launcher) when it closes. */
export function openSupportChat(from?: HTMLElement | null) {
  returnFocusTo = from ?? null;
  launcherStore.setOpen(true);
}

export function hasActiveChat(storage: Pick<Storage, "getItem"> | undefined): boolean {
  try {
    return Boolean(storage?.getItem(activeChatStorageKey));
  } catch {
    return false;
  }
}

/**
 * What a mail's link asked of the chat (GET /chat/resume lands on `?chat=resume`, GET /chat/prove
 * on `?chat=proven`, either on `?chat=link-expired` when the link was spent or altered): read
 * once, and taken out of the address bar.
 */
export type ChatRequest = "resume" | "proven" | "link-expired";

export function chatRequestOf(search: string): ChatRequest | null {
  const asked = new URLSearchParams(search).get("chat");
  return asked === "resume" || asked === "proven" || asked === "link-expired" ? asked : null;
}
