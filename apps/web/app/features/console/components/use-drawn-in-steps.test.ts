// @vitest-environment jsdom
import { act, createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reactTestRoot } from "./react-test-root";
import { useDrawnInSteps } from "./use-drawn-in-steps";

const mounted = reactTestRoot();

function List({ count }: { count: number }) {
  const drawn = useDrawnInSteps(count, 12);
  return createElement("p", null, String(drawn));
}

const shown = () => Number(mounted.container.textContent);

describe("useDrawnInSteps", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("draws the first step at once and each further step in a task of its own", async () => {
    await act(async () => mounted.root.render(createElement(List, { count: 40 })));
    expect(shown()).toBe(12);
    await act(async () => vi.advanceTimersToNextTimer());
    expect(shown()).toBe(24);
    await act(async () => vi.advanceTimersToNextTimer());
    expect(shown()).toBe(36);
    await act(async () => vi.advanceTimersToNextTimer());
    expect(shown()).toBe(40);
  });

  it("once every row was drawn, a longer list is drawn whole at once", async () => {
    await act(async () => mounted.root.render(createElement(List, { count: 5 })));
    expect(shown()).toBe(5);
    await act(async () => mounted.root.render(createElement(List, { count: 60 })));
    expect(shown()).toBe(60);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a short list is drawn whole at once", async () => {
    await act(async () => mounted.root.render(createElement(List, { count: 12 })));
    expect(shown()).toBe(12);
    expect(vi.getTimerCount()).toBe(0);
  });
});
