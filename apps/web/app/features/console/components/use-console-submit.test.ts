// @vitest-environment jsdom
import { act, createElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Outcome } from "../route-data/screen-data";
import { reactTestRoot } from "./react-test-root";
import { useConsoleSubmit } from "./use-console-submit";

const mounted = reactTestRoot();

describe("useConsoleSubmit", () => {
  it("sends one submission however often it is pressed, pending until the action answers", async () => {
    let answer = (_outcome: Outcome<number>) => {};
    const action = vi.fn(
      async ({ request }: { request: Request }) =>
        new Promise<Outcome<number>>((resolve) => {
          answer = resolve;
          void request.json();
        }),
    );
    const done = vi.fn();
    function Screen() {
      const { submit, pending } = useConsoleSubmit<number>();
      return createElement(
        "button",
        {
          type: "button",
          "aria-disabled": pending || undefined,
          onClick: () => submit({ intent: "save", n: 1 }, done),
        },
        "Save",
      );
    }
    const router = createMemoryRouter([{ path: "/", action, Component: Screen }]);
    await act(async () => mounted.root.render(createElement(RouterProvider, { router })));
    const button = mounted.container.querySelector("button");
    if (!button) throw new Error("no button");

    await act(async () => {
      button.click();
      button.click();
    });
    await act(async () => button.click());
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(action).toHaveBeenCalledTimes(1);
    expect(done).not.toHaveBeenCalled();

    await act(async () => answer({ ok: true, data: 7 }));
    expect(button.getAttribute("aria-disabled")).toBeNull();
    expect(done).toHaveBeenCalledExactlyOnceWith({ ok: true, data: 7 });

    // Free again once answered.
    await act(async () => button.click());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it("loads the screen's data again after an action, unless told not to", async () => {
    const loader = vi.fn(() => ({ n: 1 }));
    const action = vi.fn(async ({ request }: { request: Request }) => {
      await request.json();
      return { ok: true, data: 0 } satisfies Outcome<number>;
    });
    const done = vi.fn();
    function Screen() {
      const { submit } = useConsoleSubmit<number>();
      return createElement(
        "div",
        null,
        createElement("button", {
          type: "button",
          id: "save",
          onClick: () => submit({ intent: "save" }, done),
        }),
        createElement("button", {
          type: "button",
          id: "leave",
          onClick: () => submit({ intent: "leave" }, done, { revalidate: false }),
        }),
      );
    }
    const router = createMemoryRouter([{ path: "/", loader, action, Component: Screen }]);
    await act(async () => mounted.root.render(createElement(RouterProvider, { router })));
    expect(loader).toHaveBeenCalledTimes(1);

    await act(async () => mounted.container.querySelector<HTMLButtonElement>("#save")?.click());
    expect(action).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledTimes(2);

    await act(async () => mounted.container.querySelector<HTMLButtonElement>("#leave")?.click());
    expect(action).toHaveBeenCalledTimes(2);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(done).toHaveBeenCalledTimes(2);
  });
});
