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

/** One exclusive lock for every tab, granted in the order asked, as the Web Locks API does. */
function sharedLocks(): NonNullable<ClaimDeps["locks"]> {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    request: ((_name: string, callback: (lock: Lock | null) => unknown) => {
      const run = queue.then(() => callback({ name: _name, mode: "exclusive" } as Lock));
      queue = run.catch(() => undefined);
      return run;
    }) as LockManager["request"],
  };
}

describe("one alert across tabs", () => {
  const chat = { kind: "conversation", conversationId: 7, visitorName: "Ana" } as const;

  it("lets one of three tabs chime for a new chat, and all of them for the next chat", async () => {
    let now = 1_000_000;
    const deps: ClaimDeps = { locks: sharedLocks(), storage: sharedStorage(), now: () => now };
    const tabs = await Promise.all([1, 2, 3].map(() => claimAlert(alertKey(chat), deps)));
    expect(tabs.filter(Boolean)).toHaveLength(1);
    const next = await Promise.all(
      [1, 2].map(() => claimAlert(alertKey({ ...chat, conversationId: 8 }), deps)),
    );
    expect(next.filter(Boolean)).toHaveLength(1);
    // Long after, the same key is a new event (a reopened chat arriving again).
    now += alertClaimMs + 1;
    expect(await claimAlert(alertKey(chat), deps)).toBe(true);
  });

  it("tells a visitor's different messages apart", () => {
    const message = (html: string) =>
      ({ kind: "message", conversationId: 7, visitorName: "Ana", html, msgType: "text" }) as const;
    expect(alertKey(message("Hello"))).not.toBe(alertKey(message("Are you there?")));
    expect(alertKey(message("Hello"))).not.toBe(alertKey(chat));
  });

  it("speaks in every tab when storage cannot be used", async () => {
    expect(await claimAlert("c1", { locks: undefined, storage: undefined, now: () => 0 })).toBe(
      true,
    );
  });
});
