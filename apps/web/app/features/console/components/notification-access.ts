/**
 * Whether this browser lets the console show desktop notifications, read fresh wherever it is
 * shown, and the one place that asks. The sidebar's "Turn on" and Settings' "Allow notifications in
 * this browser" both ask through `requestNotificationAccess`, so each screen shows the answer at
 * once, whichever asked; a change made in the browser's own site settings shows too where the
 * browser reports it.
 */
import { useSyncExternalStore } from "react";
import { notificationAccess, type NotificationAccess } from "../model/alert-preferences";

const listeners = new Set<() => void>();

/**
 * The answer as last read. Reading `Notification.permission` asks the browser each time (slow in
 * Chromium), and React reads the snapshot on every render of the screens that show it, so it is
 * read again only when the answer may have changed.
 */
let current: NotificationAccess | null = null;

/** The browser's answer, as last read (see `current`). */
export function currentNotificationAccess(): NotificationAccess {
  current ??= notificationAccess();
  return current;
}

function changed() {
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  let permission: PermissionStatus | null = null;
  let unsubscribed = false;
  // The browser's own settings can change the answer too; not every browser tells.
  navigator.permissions
    ?.query({ name: "notifications" })
    .then((status) => {
      if (unsubscribed) return;
      permission = status;
      permission.addEventListener("change", changed);
    })
    .catch(() => undefined);
  return () => {
    unsubscribed = true;
    listeners.delete(listener);
    permission?.removeEventListener("change", changed);
  };
}

/** The browser's answer now, and again whenever it changes. */
export function useNotificationAccess(): NotificationAccess {
  return useSyncExternalStore(subscribe, currentNotificationAccess, () => "unsupported");
}

/** Asks the browser (it shows its own prompt once; later calls answer at once). */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  if (notificationAccess() === "unsupported") return "unsupported";
  try {
    await Notification.requestPermission();
  } finally {
    changed();
  }
  return notificationAccess();
}
