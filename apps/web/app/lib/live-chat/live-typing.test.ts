import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "./fake-browser.test-support";
import { OTHERS_TYPING_TIMEOUT_MS, TYPING_IDLE_MS, TYPING_REPEAT_MS } from "./live-timing";
import { TypingFade, TypingSignal } from "./live-typing";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function signal() {
  const sent: [number, boolean][] = [];
  let open = true;
  const typing = new TypingSignal<number>(fakeBrowser().env, (key, active) => {
    if (open) sent.push([key, active]);
    return open;
  });
  return { typing, sent, setOpen: (value: boolean) => (open = value) };
}

describe("TypingSignal", () => {
  it("says typing at most once per repeat interval, and stopped after a quiet spell", async () => {
    const { typing, sent } = signal();
    typing.set(7, true);
    typing.set(7, true);
    await vi.advanceTimersByTimeAsync(TYPING_REPEAT_MS - 1);
    typing.set(7, true);
    expect(sent).toEqual([[7, true]]);
    await vi.advanceTimersByTimeAsync(1);
    typing.set(7, true);
    expect(sent).toEqual([
      [7, true],
      [7, true],
    ]);
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS);
    expect(sent.at(-1)).toEqual([7, false]);
    expect(sent).toHaveLength(3);
  });

  it("says stopped at once when asked, only after having said typing, per conversation", () => {
    const { typing, sent } = signal();
    typing.set(8, false);
    typing.set(7, true);
    typing.set(9, true);
    typing.set(7, false);
    typing.set(7, false);
    expect(sent).toEqual([
      [7, true],
      [9, true],
      [7, false],
    ]);
  });

  it("tries again at once when typing could not be sent, and after the socket closed", () => {
    const { typing, sent, setOpen } = signal();
    setOpen(false);
    typing.set(7, true);
    setOpen(true);
    typing.set(7, true);
    expect(sent).toEqual([[7, true]]);
    typing.reset();
    typing.set(7, true);
    expect(sent).toEqual([
      [7, true],
      [7, true],
    ]);
  });

  it("sends nothing more once stopped", async () => {
    const { typing, sent } = signal();
    typing.set(7, true);
    typing.stop();
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS * 2);
    expect(sent).toEqual([[7, true]]);
  });
});

describe("TypingFade", () => {
  it("ends an indicator whose stop never comes, unless it is heard of again", async () => {
    const fade = new TypingFade<string>(fakeBrowser().env);
    const faded: string[] = [];
    fade.heard("7:visitor", true, () => faded.push("7:visitor"));
    fade.heard("7:agent", true, () => faded.push("7:agent"));
    await vi.advanceTimersByTimeAsync(OTHERS_TYPING_TIMEOUT_MS - 1);
    fade.heard("7:visitor", true, () => faded.push("7:visitor again"));
    fade.heard("7:agent", false, () => faded.push("never"));
    await vi.advanceTimersByTimeAsync(OTHERS_TYPING_TIMEOUT_MS - 1);
    expect(faded).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(faded).toEqual(["7:visitor again"]);
    fade.heard("8:visitor", true, () => faded.push("8:visitor"));
    fade.stop();
    await vi.advanceTimersByTimeAsync(OTHERS_TYPING_TIMEOUT_MS);
    expect(faded).toEqual(["7:visitor again"]);
  });
});
