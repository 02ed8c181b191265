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

let audio: AudioContext | null = null;

/**
 * Two soft notes made on the spot (no sound file to fetch). Browsers play audio only after the
 * page has had a click or a key press; before that this stays silent rather than failing.
 */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
    const start = audio.currentTime;
    [660, 880].forEach((frequency, i) => {
      const ctx = audio as AudioContext;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const at = start + i * 0.14;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.4);
    });
  } catch {
    // No audio here (a locked-down browser): the notification and the title still tell.
  }
}
