import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "~/lib/live-chat/fake-browser.test-support";
import {
  defaultAlertPreferences,
  loadAlertPreferences,
  notificationAccess,
  saveAlertPreferences,
} from "./alert-preferences";

const KEY = "hourline.console.alerts";

afterEach(() => vi.unstubAllGlobals());

describe("alert preferences", () => {
  it("start with sound and desktop notifications on, and the offer not dismissed", () => {
    expect(defaultAlertPreferences).toEqual({ sound: true, desktop: true, offerDismissed: false });
    expect(loadAlertPreferences(memoryStorage())).toEqual(defaultAlertPreferences);
    expect(loadAlertPreferences(null)).toEqual(defaultAlertPreferences);
  });

  it("keep what the agent chose", () => {
    const storage = memoryStorage();
    saveAlertPreferences(storage, { sound: false, desktop: true, offerDismissed: true });
    expect(JSON.parse(storage.getItem(KEY) ?? "null")).toEqual({
      sound: false,
      desktop: true,
      offerDismissed: true,
    });
    expect(loadAlertPreferences(storage)).toEqual({
      sound: false,
      desktop: true,
      offerDismissed: true,
    });
    saveAlertPreferences(storage, { sound: true, desktop: false, offerDismissed: false });
    expect(loadAlertPreferences(storage)).toEqual({
      sound: true,
      desktop: false,
      offerDismissed: false,
    });
  });

  it("fill in what is missing or not a boolean from the defaults", () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ sound: false }));
    expect(loadAlertPreferences(storage)).toEqual({
      sound: false,
      desktop: true,
      offerDismissed: false,
    });
    storage.setItem(KEY, JSON.stringify({ sound: "no", desktop: 0, offerDismissed: "yes" }));
    expect(loadAlertPreferences(storage)).toEqual(defaultAlertPreferences);
    storage.setItem(KEY, "{broken");
    expect(loadAlertPreferences(storage)).toEqual(defaultAlertPreferences);
    storage.setItem(KEY, "null");
    expect(loadAlertPreferences(storage)).toEqual(defaultAlertPreferences);
  });

  it("work with a storage that refuses every call", () => {
    const refusing = {
      getItem: (): string | null => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(loadAlertPreferences(refusing)).toEqual(defaultAlertPreferences);
    expect(() => saveAlertPreferences(refusing, defaultAlertPreferences)).not.toThrow();
  });
});

describe("notificationAccess", () => {
  it("is unsupported without a window or without notifications", () => {
    expect(notificationAccess()).toBe("unsupported");
    vi.stubGlobal("window", {});
    expect(notificationAccess()).toBe("unsupported");
  });

  it("is the browser's permission otherwise", () => {
    for (const permission of ["granted", "denied", "default"] as const) {
      const Notification = { permission };
      vi.stubGlobal("Notification", Notification);
      vi.stubGlobal("window", { Notification });
      expect(notificationAccess()).toBe(permission);
    }
  });
});

/** A node of the fake audio graph: remembers what it was connected to. */
function node<T extends object>(fields: T) {
  const made = {
    ...fields,
    connectedTo: null as unknown,
    connect(next: unknown) {
      made.connectedTo = next;
      return next;
    },
  };
  return made;
}

const oscillator = () => node({ type: "", frequency: { value: 0 }, start: vi.fn(), stop: vi.fn() });
const gainNode = () =>
  node({ gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() } });

/** What a chime asks of Web Audio, recorded. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: "running" | "suspended" = "suspended";
  currentTime = 12;
  readonly destination = { name: "speakers" };
  readonly resume = vi.fn(async () => {
    this.state = "running";
  });
  readonly oscillators: ReturnType<typeof oscillator>[] = [];
  readonly gains: ReturnType<typeof gainNode>[] = [];

  constructor() {
    FakeAudioContext.made.push(this);
  }

  createOscillator() {
    const made = oscillator();
    this.oscillators.push(made);
    return made;
  }

  createGain() {
    const made = gainNode();
    this.gains.push(made);
    return made;
  }
}

describe("playChime", () => {
  beforeEach(() => {
    // The module keeps one AudioContext: each test gets a fresh module.
    vi.resetModules();
    FakeAudioContext.made = [];
  });

  it("plays two soft notes, 660 Hz then 880 Hz, on one audio context", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    const { playChime } = await import("./chime");
    playChime();
    const [ctx] = FakeAudioContext.made;
    if (!ctx) throw new Error("no audio context");
    expect(ctx.resume).toHaveBeenCalledTimes(1);
    expect(ctx.oscillators.map((o) => [o.type, o.frequency.value])).toEqual([
      ["sine", 660],
      ["sine", 880],
    ]);
    // Times in seconds, rounded to a millisecond against floating-point sums.
    const at = (calls: unknown[][]) =>
      calls.map((args) => args.map((n) => Math.round(Number(n) * 1e4) / 1e4));
    expect(ctx.oscillators.map((o) => at(o.start.mock.calls))).toEqual([[[12]], [[12.14]]]);
    expect(ctx.oscillators.map((o) => at(o.stop.mock.calls))).toEqual([[[12.4]], [[12.54]]]);
    expect(ctx.gains.map((g) => at(g.gain.setValueAtTime.mock.calls))).toEqual([
      [[0.0001, 12]],
      [[0.0001, 12.14]],
    ]);
    expect(ctx.gains.map((g) => at(g.gain.exponentialRampToValueAtTime.mock.calls))).toEqual([
      [
        [0.18, 12.02],
        [0.0001, 12.35],
      ],
      [
        [0.18, 12.16],
        [0.0001, 12.49],
      ],
    ]);
    // Each note goes through its own gain to the speakers.
    expect(ctx.oscillators[0]?.connectedTo).toBe(ctx.gains[0]);
    expect(ctx.oscillators[1]?.connectedTo).toBe(ctx.gains[1]);
    expect(ctx.gains.map((g) => g.connectedTo)).toEqual([ctx.destination, ctx.destination]);

    // The next chime reuses the context, which is running now.
    playChime();
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(ctx.resume).toHaveBeenCalledTimes(1);
    expect(ctx.oscillators).toHaveLength(4);
  });

  it("stays silent where there is no audio", async () => {
    const { playChime } = await import("./chime");
    expect(() => playChime()).not.toThrow();
    const refused = vi.fn(function refused() {
      throw new Error("not allowed");
    });
    vi.stubGlobal("AudioContext", refused);
    expect(() => playChime()).not.toThrow();
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
