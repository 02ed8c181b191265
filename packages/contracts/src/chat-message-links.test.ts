import { describe, expect, it } from "vitest";
import { textToLinkedMessageHtml } from "./chat-message";

describe("textToLinkedMessageHtml", () => {
  it("turns http and https addresses into links that show themselves", () => {
    expect(textToLinkedMessageHtml("See https://hourline.example/help, then reply.")).toBe(
      'See <a href="https://hourline.example/help">https://hourline.example/help</a>, then reply.',
    );
    expect(textToLinkedMessageHtml("(http://a.example/x?y=1&z=2)")).toBe(
      '(<a href="http://a.example/x?y=1&amp;z=2">http://a.example/x?y=1&amp;z=2</a>)',
    );
  });

  it("links no other scheme and escapes everything else", () => {
    for (const text of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "file:///etc/passwd",
      "mailto:x@example.com",
    ]) {
      expect(textToLinkedMessageHtml(text)).not.toContain("<a");
    }
    expect(textToLinkedMessageHtml('https://x.example/"onmouseover="alert(1)')).toBe(
      '<a href="https://x.example/">https://x.example/</a>&quot;onmouseover=&quot;alert(1)',
    );
    expect(textToLinkedMessageHtml("<b>hi</b>\nhttps://a.example")).toBe(
      '&lt;b&gt;hi&lt;/b&gt;<br><a href="https://a.example">https://a.example</a>',
    );
  });

  it("ends an address before a character that could disguise it", () => {
    // Zero-width, soft hyphen and Arabic letter mark stay in the text, after the link.
    for (const invisible of ["\u200b", "\u00ad", "\u061c", "\u2060", "\u0085"]) {
      expect(textToLinkedMessageHtml(`https://a.example${invisible}evil.example`)).toBe(
        `<a href="https://a.example">https://a.example</a>${invisible}evil.example`,
      );
    }
    // An override is dropped, as the server drops it: the rest is not a link's address.
    expect(textToLinkedMessageHtml("https://a.example\u202elpmaxe.live")).toBe(
      '<a href="https://a.example">https://a.example</a>lpmaxe.live',
    );
  });
});
