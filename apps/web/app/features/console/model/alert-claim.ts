/**
 * One chime and one notification per event across all of an agent's tabs: every tab gets the
 * same frames, so each asks to speak for an alert and only the first one does. The claim is made
 * under a Web Lock (exclusive across the tabs of this origin) and recorded in localStorage, which
 * every tab shares; a claim lasts a few seconds, long enough for every tab to have heard the frame.
 * Without Web Locks (old browsers) the record alone decides, which two tabs may rarely both pass.
 */
import type { ConsoleAlert } from "./console-alerts";

const prefix = "hourline.alert.";
const lockName = "hourline-console-alerts";
/** How long a claimed alert silences the other tabs. */
export const alertClaimMs = 10_000;

export interface ClaimDeps {
  locks: Pick<LockManager, "request"> | undefined;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length"> | undefined;
  now: () => number;
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

/** True in the one tab that should chime and notify for this alert. */
export async function claimAlert(key: string, deps: ClaimDeps = browserDeps()): Promise<boolean> {
  const { locks, storage } = deps;
  // Storage blocked (private mode settings): every tab speaks, as before.
  if (!storage) return true;
  try {
    if (!locks) return claimIn(storage, key, deps.now());
    return await locks.request(lockName, async () => claimIn(storage, key, deps.now()));
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
  };
}
