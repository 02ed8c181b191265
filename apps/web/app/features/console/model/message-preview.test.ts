// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { messagePreview } from "./message-preview";

afterEach(() => vi.unstubAllGlobals());

describe("messagePreview", () => {
  it("keeps the text of a message on one line", () => {
    expect(messagePreview("Hello &lt;team&gt;<br>second line", "text")).toBe(
      "Hello <team> second line",
    );
    expect(messagePreview("<p>One</p><p>  two\n\tthree </p>", "text")).toBe("One two three");
    expect(messagePreview("a<br/>b<BR >c", "text")).toBe("a b c");
    expect(
      messagePreview("<p>First</p><p>Second</p><ul><li>one</li><li>two</li></ul>", "text"),
    ).toBe("First Second one two");
    expect(messagePreview("Fish &amp; chips &quot;today&quot; &#39;ok&#39;", "text")).toBe(
      "Fish & chips \"today\" 'ok'",
    );
    expect(messagePreview("   ", "text")).toBe("");
  });

  it("says an image is an image", () => {
    expect(messagePreview('<img src="/api/support/uploads/a.png" alt="x">', "image")).toBe(
      "Sent an image",
    );
  });

  it("never renders or runs what a visitor wrote", () => {
    const run = vi.fn();
    vi.stubGlobal("__previewRan", run);
    const preview = messagePreview(
      '<img src=x onerror="__previewRan()"><script>__previewRan()</script>Hi<svg onload="__previewRan()">',
      "text",
    );
    expect(preview).toBe("__previewRan()Hi");
    expect(run).not.toHaveBeenCalled();
  });

  it("cuts a long message to 140 characters with an ellipsis", () => {
    expect(messagePreview("x".repeat(140), "text")).toBe("x".repeat(140));
    expect(messagePreview("x".repeat(141), "text")).toBe(`${"x".repeat(139)}…`);
    expect(messagePreview(`${"word ".repeat(100)}`, "text")).toHaveLength(140);
  });

  it("never cuts a character in half", () => {
    const preview = messagePreview(`${"x".repeat(138)}😀😀😀`, "text");
    expect(preview).toBe(`${"x".repeat(138)}😀…`);
    // A lone surrogate cannot be encoded.
    expect(() => encodeURIComponent(preview)).not.toThrow();
  });

  it("strips tags without a DOM parser (outside a browser)", () => {
    vi.stubGlobal("DOMParser", undefined);
    expect(messagePreview("<b>Hello</b><br>there  <i>you</i>", "text")).toBe("Hello there you");
    expect(messagePreview("y".repeat(200), "text")).toBe(`${"y".repeat(139)}…`);
  });
});
