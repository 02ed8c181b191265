/**
 * One chime and one notification per event across all of an agent's tabs: every tab gets the
 * same frames, so each asks to speak for an alert and only the first one does. The claim is a Web
 * Lock named after the event, asked for only if free and held for a few seconds, long enough for
 * every tab to have heard the frame: the browser's lock manager is one for all the origin's tabs,
 * so exactly one tab gets it. (localStorage cannot decide this: Chromium keeps a copy per tab's
 * process and passes writes on later, so a second tab read no claim and chimed too.) Without Web
 * Locks (old browsers) a record in localStorage decides, which two tabs may sometimes both pass.
 */
import type { ConsoleAlert } from "./console-alerts";

const prefix = "hourline.alert.";
/** How long a claimed alert silences the other tabs. */
export const alertClaimMs = 10_000;

export interface ClaimDeps {
  locks: Pick<LockManager, "request"> | undefined;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length"> | undefined;
  now: () => number;
  /** Resolves when a claim made now ends (alertClaimMs later). */
  claimEnds: () => Promise<void>;
}

/** The same text for the same event in every tab. */
export function alertKey(alert: ConsoleAlert): string {
  return alert.kind === "conversation"
    ? `c${alert.conversationId}`
    : `m${alert.conversationId}:${alert.html.length}:${alert.html.slice(0, 64)}`;
}

function claimIn(storage: NonNullable<ClaimDeps["storage"]>, key: string, now: number): boolean {
  // Old claims go, so the record never grows.
  for (let i = storage.length - 1; i >= 0; i -= 1) {
    const name = storage.key(i);
    if (name?.startsWith(prefix) && now - Number(storage.getItem(name)) > alertClaimMs) {
      storage.removeItem(name);
    }
  }
  const at = storage.getItem(prefix + key);
  if (at !== null && now - Number(at) <= alertClaimMs) return false;
  storage.setItem(prefix + key, String(now));
  return true;
}

/** The event's own lock, if no tab holds it: held until the claim ends. */
function claimLock(locks: NonNullable<ClaimDeps["locks"]>, key: string, ends: () => Promise<void>) {
  return new Promise<boolean>((resolve, reject) => {
    locks
      .request(prefix + key, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? ends() : undefined;
      })
      .catch(reject);
  });
}

/** True in the one tab that should chime and notify for this alert. */
export async function claimAlert(key: string, deps: ClaimDeps = browserDeps()): Promise<boolean> {
  const { locks, storage } = deps;
  try {
    if (locks) return await claimLock(locks, key, deps.claimEnds);
    // Storage blocked (private mode settings) as well: every tab speaks, as before.
    if (!storage) return true;
    return claimIn(storage, key, deps.now());
  } catch {
    return true;
  }
}

function browserDeps(): ClaimDeps {
  let storage: ClaimDeps["storage"];
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  return {
    locks: typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : undefined,
    storage,
    now: Date.now,
    claimEnds: () => new Promise((resolve) => setTimeout(resolve, alertClaimMs)),
  };
}
