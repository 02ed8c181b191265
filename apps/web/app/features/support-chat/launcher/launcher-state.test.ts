import { describe, expect, it, vi } from "vitest";
import {
  activeChatStorageKey,
  hasActiveChat,
  launcherStore,
  openSupportChat,
} from "./launcher-state";

describe("launcher state", () => {
  it("opening clears the badge and remembers where focus returns", () => {
    const listener = vi.fn();
    const unsubscribe = launcherStore.subscribe(listener);
    expect(launcherStore.get()).toEqual({ open: false, unread: 0 });

    launcherStore.setUnread(2);
    expect(launcherStore.get().unread).toBe(2);
    const button = { id: "help-chat" } as unknown as HTMLElement;
    openSupportChat(button);
    expect(launcherStore.get()).toEqual({ open: true, unread: 0 });
    // Replies read while the modal is open never count.
    launcherStore.setUnread(1);
    expect(launcherStore.get().unread).toBe(0);
    expect(launcherStore.takeReturnFocus()).toBe(button);
    expect(launcherStore.takeReturnFocus()).toBeNull();

    launcherStore.setOpen(false);
    expect(launcherStore.get()).toEqual({ open: false, unread: 0 });
    const calls = listener.mock.calls.length;
    launcherStore.setOpen(false);
    expect(listener).toHaveBeenCalledTimes(calls);
    unsubscribe();
  });

  it("knows from the tab's storage whether a chat was running", () => {
    expect(hasActiveChat(undefined)).toBe(false);
    expect(hasActiveChat({ getItem: (k) => (k === activeChatStorageKey ? "{}" : null) })).toBe(
      true,
    );
    expect(hasActiveChat({ getItem: () => null })).toBe(false);
    expect(
      hasActiveChat({
        getItem: () => {
          throw new Error("denied");
        },
      }),
    ).toBe(false);
  });
});
