import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STATUS_SETTLE_MS } from "~/lib/live-chat/settled-status";
import { PresenceNews } from "./presence-news";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function news(initial: boolean | null) {
  const told: [boolean, boolean][] = [];
  const presence = new PresenceNews(initial, (before, after) => told.push([before, after]));
  return { presence, told };
}

describe("PresenceNews", () => {
  it("tells once that an agent came, once the change has lasted, and once that all left", async () => {
    const { presence, told } = news(false);
    presence.update(true);
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS);
    expect(told).toEqual([[false, true]]);
    // A second agent, a repeated frame: no news.
    presence.update(true);
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS);
    expect(told).toEqual([[false, true]]);

    presence.update(false);
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS);
    expect(told).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it("says nothing of an agent's console reconnecting, nor of the presence known at the start", async () => {
    const { presence, told } = news(true);
    presence.update(false);
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS / 2);
    presence.update(true);
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS * 2);
    expect(told).toEqual([]);

    // Unknown at the start: the first word is the starting point.
    const later = news(null);
    later.presence.update(null);
    later.presence.update(false);
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS);
    expect(later.told).toEqual([]);
    later.presence.update(true);
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS);
    expect(later.told).toEqual([[false, true]]);
  });

  it("tells nothing once disposed", async () => {
    const { presence, told } = news(false);
    presence.update(true);
    presence.dispose();
    await vi.advanceTimersByTimeAsync(STATUS_SETTLE_MS);
    expect(told).toEqual([]);
  });
});
