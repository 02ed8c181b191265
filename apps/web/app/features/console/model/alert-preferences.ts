/**
 * How the console gets an agent's attention while they look elsewhere: a short chime and a desktop
 * notification, each switched on or off by the agent (kept in localStorage, per browser). Desktop
 * notifications also need the browser's permission, asked only when the agent chooses to turn them
 * on, never on arrival.
 */
import { readStoredJson, writeStoredJson, type StorageLike } from "~/lib/live-chat/stored-json";

export interface AlertPreferences {
  sound: boolean;
  desktop: boolean;
  /** The agent dismissed the offer to turn on desktop notifications. */
  offerDismissed: boolean;
}

const KEY = "hourline.console.alerts";
export const defaultAlertPreferences: AlertPreferences = {
  sound: true,
  desktop: true,
  offerDismissed: false,
};

export function loadAlertPreferences(storage: StorageLike | null): AlertPreferences {
  const stored = readStoredJson(storage, KEY);
  const value = (typeof stored === "object" && stored !== null ? stored : {}) as Partial<
    Record<keyof AlertPreferences, unknown>
  >;
  return {
    sound: typeof value.sound === "boolean" ? value.sound : defaultAlertPreferences.sound,
    desktop: typeof value.desktop === "boolean" ? value.desktop : defaultAlertPreferences.desktop,
    offerDismissed: value.offerDismissed === true,
  };
}

/** Not kept when storage fails: the choice then lasts until the page is closed. */
export function saveAlertPreferences(storage: StorageLike | null, prefs: AlertPreferences) {
  writeStoredJson(storage, KEY, prefs);
}

export type NotificationAccess = "granted" | "denied" | "default" | "unsupported";

export function notificationAccess(): NotificationAccess {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  return Notification.permission;
}
