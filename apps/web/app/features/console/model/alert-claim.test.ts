import { describe, expect, it } from "vitest";
import { alertClaimMs, alertKey, claimAlert, type ClaimDeps } from "./alert-claim";

/** localStorage as every tab of one browser shares it. */
function sharedStorage(): NonNullable<ClaimDeps["storage"]> {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

/**
 * The Web Locks API as every tab shares it, for `ifAvailable` requests: a held name is refused
 * (the callback gets null), a free one is held until the callback's promise settles.
 */
function sharedLocks(): NonNullable<ClaimDeps["locks"]> {
  const held = new Set<string>();
  return {
    request: (async (
      name: string,
      _options: LockOptions,
      callback: (lock: Lock | null) => unknown,
    ) => {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name, mode: "exclusive" } as Lock);
      } finally {
        held.delete(name);
      }
    }) as LockManager["request"],
  };
}

/** Claims that end when the test says so. */
function claimClock() {
  const ends: (() => void)[] = [];
  return {
    claimEnds: () => new Promise<void>((resolve) => ends.push(resolve)),
    endAll: async () => {
      for (const end of ends.splice(0)) end();
      // The lock is let go once the callback's promise has settled.
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe("one alert across tabs", () => {
  const chat = { kind: "conversation", conversationId: 7, visitorName: "Ana" } as const;

  it("lets one of three tabs chime for a new chat, and one for the next chat", async () => {
    const clock = claimClock();
    const deps: ClaimDeps = {
      locks: sharedLocks(),
      storage: sharedStorage(),
      now: () => 0,
      claimEnds: clock.claimEnds,
    };
    const tabs = await Promise.all([1, 2, 3].map(() => claimAlert(alertKey(chat), deps)));
    expect(tabs.filter(Boolean)).toHaveLength(1);
    // A tab that hears it later, while the claim lasts, stays silent too.
    expect(await claimAlert(alertKey(chat), deps)).toBe(false);
    const next = await Promise.all(
      [1, 2].map(() => claimAlert(alertKey({ ...chat, conversationId: 8 }), deps)),
    );
    expect(next.filter(Boolean)).toHaveLength(1);
    // Once the claim is over, the same key is a new event (a reopened chat arriving again).
    await clock.endAll();
    expect(await claimAlert(alertKey(chat), deps)).toBe(true);
  });

  it("without Web Locks, the shared record decides", async () => {
    let now = 1_000_000;
    const deps: ClaimDeps = {
      locks: undefined,
      storage: sharedStorage(),
      now: () => now,
      claimEnds: () => Promise.resolve(),
    };
    expect(await claimAlert("c1", deps)).toBe(true);
    expect(await claimAlert("c1", deps)).toBe(false);
    now += alertClaimMs + 1;
    expect(await claimAlert("c1", deps)).toBe(true);
  });

  it("tells a visitor's different messages apart", () => {
    const message = (html: string) =>
      ({ kind: "message", conversationId: 7, visitorName: "Ana", html, msgType: "text" }) as const;
    expect(alertKey(message("Hello"))).not.toBe(alertKey(message("Are you there?")));
    expect(alertKey(message("Hello"))).not.toBe(alertKey(chat));
  });

  it("speaks in every tab when neither locks nor storage can be used", async () => {
    const deps: ClaimDeps = {
      locks: undefined,
      storage: undefined,
      now: () => 0,
      claimEnds: () => Promise.resolve(),
    };
    expect(await claimAlert("c1", deps)).toBe(true);
  });
});
