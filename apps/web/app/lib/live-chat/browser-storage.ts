/**
 * The browser's storages for the chat widget, its launcher and the console, or null where reading
 * them throws (storage blocked for the site, a sandboxed frame). Callers carry on without storage.
 * Nothing is imported here, so the launcher on every page can use it without pulling in the chat.
 */

/** This tab's storage (sessionStorage): outboxes, drafts, the running chat. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** This browser's storage (localStorage): preferences kept across tabs and visits. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
