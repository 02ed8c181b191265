import { describe, expect, it, vi } from "vitest";
import { LiveStore } from "./live-store";

type Action = { type: "add"; n: number } | { type: "same" };
const reducer = (state: { total: number }, action: Action) =>
  action.type === "add" ? { total: state.total + action.n } : state;

describe("LiveStore", () => {
  it("tells its change hook and then its listeners of every change, and of nothing else", () => {
    const heard: string[] = [];
    const store = new LiveStore(reducer, { total: 0 }, (before, after) =>
      heard.push(`change ${before.total}->${after.total}`),
    );
    const stop = store.subscribe(() => heard.push(`listener sees ${store.getState().total}`));
    store.dispatch({ type: "add", n: 2 });
    store.dispatch({ type: "same" });
    stop();
    store.dispatch({ type: "add", n: 1 });
    expect(heard).toEqual(["change 0->2", "listener sees 2", "change 2->3"]);
    expect(store.getState()).toEqual({ total: 3 });
  });

  it("keeps the same state object when the reducer changes nothing", () => {
    const listener = vi.fn();
    const store = new LiveStore(reducer, { total: 1 });
    store.subscribe(listener);
    const before = store.getState();
    store.dispatch({ type: "same" });
    expect(store.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });
});
