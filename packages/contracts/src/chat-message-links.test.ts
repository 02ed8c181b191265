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
});
