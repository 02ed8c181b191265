// @vitest-environment jsdom
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { oneAtATime, useOneAtATime, type OneAtATime } from "./use-one-at-a-time";

/** A promise and the function that settles it, for a task the test finishes when it wants. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("oneAtATime", () => {
  it("ignores calls while a task runs, from the very first moment", async () => {
    const guard = oneAtATime();
    const pending = deferred();
    const task = vi.fn(() => pending.promise);

    const first = guard.run(task);
    // The second call comes before anything was awaited, as in a double click.
    const second = guard.run(task);
    expect(task).toHaveBeenCalledTimes(1);
    expect(guard.isRunning()).toBe(true);
    await second;
    expect(guard.isRunning()).toBe(true);

    pending.resolve();
    await first;
    expect(guard.isRunning()).toBe(false);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs again once the task has finished", async () => {
    const guard = oneAtATime();
    const task = vi.fn(async () => undefined);
    await guard.run(task);
    await guard.run(task);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it("is free again after a task fails, and passes the failure on", async () => {
    const guard = oneAtATime();
    const pending = deferred();
    const first = guard.run(() => pending.promise);
    pending.reject(new Error("network"));
    await expect(first).rejects.toThrow("network");
    expect(guard.isRunning()).toBe(false);

    const task = vi.fn();
    await guard.run(task);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe("useOneAtATime", () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let unmount: (() => void) | null = null;
  afterEach(() => {
    unmount?.();
    unmount = null;
  });

  /** Renders a component that uses the hook with `task`; `render` renders it again with another. */
  function renderHook(task: (label: string) => unknown) {
    let latest: OneAtATime<[string]> | null = null;
    function Probe({ task }: { task: (label: string) => unknown }) {
      latest = useOneAtATime(task);
      return null;
    }
    const root = createRoot(document.createElement("div"));
    const render = (next: (label: string) => unknown) =>
      act(() => root.render(createElement(Probe, { task: next })));
    render(task);
    unmount = () => act(() => root.unmount());
    const current = () => {
      if (!latest) throw new Error("The probe has not rendered");
      return latest;
    };
    return { current, render };
  }

  it("keeps one guard across renders, so a press after a re-render is still ignored", async () => {
    const pending = deferred();
    const task = vi.fn((label: string) => (label === "first" ? pending.promise : undefined));
    const hook = renderHook(task);

    const first = hook.current().run("first");
    hook.render(task);
    await hook.current().run("second");
    expect(task).toHaveBeenCalledTimes(1);
    expect(hook.current().isRunning()).toBe(true);

    pending.resolve();
    await first;
    expect(hook.current().isRunning()).toBe(false);
    await hook.current().run("third");
    expect(task.mock.calls).toEqual([["first"], ["third"]]);
  });

  it("runs the task of the latest render", async () => {
    const before = vi.fn();
    const after = vi.fn();
    const hook = renderHook(before);
    hook.render(after);
    await hook.current().run("now");
    expect(before).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledWith("now");
  });
});
