import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectionStatus } from "./chat-connection";
import { STATUS_SETTLE_MS, SettledStatus } from "./settled-status";

const open: ConnectionStatus = { kind: "open" };
const resuming: ConnectionStatus = { kind: "connecting", resuming: true };
const waiting = (retryAt: number, offline = false): ConnectionStatus => ({
  kind: "reconnecting",
  retryAt,
  offline,
});

describe("SettledStatus", () => {
  let shown: ConnectionStatus[];
  let settled: SettledStatus;
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    settled = new SettledStatus(open, (status) => shown.push(status));
  });
  afterEach(() => {
    settled.dispose();
    vi.useRealTimers();
  });

  it("never shows a blip that heals before the delay", () => {
    settled.update(waiting(1_000));
    vi.advanceTimersByTime(STATUS_SETTLE_MS / 2);
    settled.update(resuming);
    vi.advanceTimersByTime(STATUS_SETTLE_MS / 2 - 1);
    settled.update(open);
    vi.advanceTimersByTime(STATUS_SETTLE_MS * 5);
    expect(shown).toEqual([]);
  });

  it("shows an outage that lasts, as it is by then, and follows it after", () => {
    settled.update(resuming);
    settled.update(waiting(1_000));
    vi.advanceTimersByTime(STATUS_SETTLE_MS - 1);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([waiting(1_000)]);

    // Once shown, trouble follows every change at once: the next wait, offline.
    settled.update(resuming);
    settled.update(waiting(5_000, true));
    expect(shown).toEqual([waiting(1_000), resuming, waiting(5_000, true)]);
  });

  it("shows the way back at once", () => {
    settled.update(waiting(1_000));
    vi.advanceTimersByTime(STATUS_SETTLE_MS);
    settled.update(open);
    expect(shown).toEqual([waiting(1_000), open]);
  });

  it("starts the delay again after the connection came back", () => {
    settled.update(waiting(1_000));
    vi.advanceTimersByTime(STATUS_SETTLE_MS - 1);
    settled.update(open);
    settled.update(waiting(2_000));
    vi.advanceTimersByTime(STATUS_SETTLE_MS - 1);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([waiting(2_000)]);
  });

  it("shows a first connect and an end at once", () => {
    const first = new SettledStatus({ kind: "idle" }, (status) => shown.push(status));
    first.update({ kind: "connecting", resuming: false });
    first.update({ kind: "stopped" });
    expect(shown).toEqual([{ kind: "connecting", resuming: false }, { kind: "stopped" }]);
    first.dispose();
  });

  it("drops a pending change when disposed", () => {
    settled.update(waiting(1_000));
    settled.dispose();
    vi.advanceTimersByTime(STATUS_SETTLE_MS * 2);
    expect(shown).toEqual([]);
  });
});
