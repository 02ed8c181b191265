// @vitest-environment jsdom
import type { KeyboardEvent } from "react";
import { describe, expect, it } from "vitest";
import { growToFit, isSendKey } from "./message-editor";

const key = (key: string, mods: { shift?: boolean; alt?: boolean; composing?: boolean } = {}) =>
  ({
    key,
    shiftKey: mods.shift ?? false,
    altKey: mods.alt ?? false,
    nativeEvent: { isComposing: mods.composing ?? false },
  }) as unknown as KeyboardEvent<HTMLTextAreaElement>;

describe("isSendKey", () => {
  it("sends on Enter alone; Shift+Enter and an input method's Enter do not send", () => {
    for (const altSends of [true, false]) {
      expect(isSendKey(key("Enter"), { altSends })).toBe(true);
      expect(isSendKey(key("Enter", { shift: true }), { altSends })).toBe(false);
      expect(isSendKey(key("Enter", { composing: true }), { altSends })).toBe(false);
      expect(isSendKey(key("a"), { altSends })).toBe(false);
    }
  });

  it("leaves Alt+Enter alone where Alt belongs to the shortcuts", () => {
    expect(isSendKey(key("Enter", { alt: true }), { altSends: true })).toBe(true);
    expect(isSendKey(key("Enter", { alt: true }), { altSends: false })).toBe(false);
  });
});

describe("growToFit", () => {
  function editor(contentHeight: number) {
    const el = document.createElement("textarea");
    Object.defineProperty(el, "scrollHeight", { get: () => contentHeight });
    return el;
  }

  it("takes its text's height, and scrolls past the largest", () => {
    const short = editor(44);
    growToFit(short, 100);
    expect([short.style.height, short.style.overflowY]).toEqual(["44px", "hidden"]);
    const long = editor(260);
    growToFit(long, 100);
    expect([long.style.height, long.style.overflowY]).toEqual(["100px", "auto"]);
    growToFit(null, 100);
  });
});
