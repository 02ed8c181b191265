/**
 * The little the launcher needs to know, shared with the lazily loaded chat without importing it:
 * whether the modal is open, how many agent replies arrived while it was closed, and whether the
 * chat code has been asked for. Anything on the page (the help page's button) can open the chat.
 */

export interface LauncherState {
  open: boolean;
  unread: number;
  /** The chat's code is wanted: the visitor opened it once, or a chat is running in this tab. */
  loaded: boolean;
}

/** The launcher button's id: focus comes back to it when the modal closes. */
export const launcherButtonId = "support-chat-launcher";

/** sessionStorage key of a running chat, so a reload brings it back (see chat-storage.ts). */
export const activeChatStorageKey = "hourline.chat.active";

let state: LauncherState = { open: false, unread: 0, loaded: false };
const listeners = new Set<() => void>();
let returnFocusTo: HTMLElement | null = null;

function update(next: Partial<LauncherState>) {
  const merged = { ...state, ...next };
  if (
    merged.open === state.open &&
    merged.unread === state.unread &&
    merged.loaded === state.loaded
  ) {
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
    update(open ? { open, loaded: true, unread: 0 } : { open });
  },
  setUnread(unread: number) {
    update({ unread: state.open ? 0 : unread });
  },
  /** Loads the chat without opening it (a chat that was running before a reload). */
  load() {
    update({ loaded: true });
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
