/**
 * The message sanitizer against the XSS corpus (test/xss-corpus.ts), checked by an independent
 * parser-based oracle; and the benign side: formatting, links, our images and typed text keep
 * their meaning.
 */
import {
  imageMessageHtml,
  textToLinkedMessageHtml,
  textToMessageHtml,
} from "@hourline/contracts/chat-message";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findActiveContent, xssPayloads } from "../../test/xss-corpus";
import {
  isBlankMessageHtml,
  messageHtmlPolicy,
  isTypedTextHtml,
  messageHtmlToText,
  ownUploadPath,
  sanitizeMessageHtml,
  sanitizeParsedMessageHtml,
} from "./message-html";

const publicUrl = "https://hourline.example";
const upload = "/api/support/uploads/Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3.png";
const ownInCorpus = "/api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png";
const rel = `rel="noopener noreferrer nofollow" target="_blank"`;

describe("the XSS corpus", () => {
  it("holds at least 120 distinct payloads", () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(120);
    expect(new Set(xssPayloads).size).toBe(xssPayloads.length);
  });

  it("is recognised by the oracle before sanitizing, whenever a payload holds markup", () => {
    const missed = xssPayloads.filter((p) => /<[a-z!?]/i.test(p) && findActiveContent(p) === null);
    // Inert as written, and meant to be: they attack a sanitizer that rewrites attribute quoting
    // or completes a tag cut off at the end of the input.
    expect(missed).toEqual([
      `<img src="${ownInCorpus}" alt="x&quot; onerror=&quot;alert(1)">`,
      `<img src="${ownInCorpus}" width="1 onerror=alert(1)">`,
      `<img src="${ownInCorpus}" height="expression(alert(1))">`,
      "<<img src=x onerror=alert(1)//<",
      "<img src=x onerror=alert(1)//",
    ]);
  });

  it.each(xssPayloads.map((p, i) => [i, p] as const))(
    "payload %i leaves no active content",
    (_i, payload) => {
      for (const options of [{}, { publicUrl }]) {
        const clean = sanitizeMessageHtml(payload, options);
        expect(findActiveContent(clean), clean.slice(0, 300)).toBeNull();
        // Stable: what is stored sanitizes to itself, so rendering-time sanitizing changes nothing.
        expect(sanitizeMessageHtml(clean, options)).toBe(clean);
      }
    },
  );

  it("leaves no active content when payloads are concatenated or wrapped", () => {
    const joined = xssPayloads.slice(0, 200).join("\n");
    expect(findActiveContent(sanitizeMessageHtml(joined))).toBeNull();
    for (const payload of xssPayloads) {
      for (const wrap of ["<p>%</p>", '<a href="https://ok.example">%</a>', "<pre>%</pre>"]) {
        const clean = sanitizeMessageHtml(wrap.replace("%", payload));
        expect(findActiveContent(clean), clean.slice(0, 300)).toBeNull();
      }
    }
  });

  it("the oracle itself flags what it must", () => {
    expect(findActiveContent('<b>ok</b> <a href="https://x.example" ' + rel + ">x</a>")).toBeNull();
    expect(findActiveContent(`<img src="${upload}" alt="x">`)).toBeNull();
    for (const bad of [
      "<script>alert(1)</script>",
      "<b onclick=alert(1)>x</b>",
      "<p style=color:red>x</p>",
      `<a href=" &#10;java&#x09;script:alert(1)" ${rel}>x</a>`,
      `<a href="data:text/html,x" ${rel}>x</a>`,
      "<img src=x>",
      "<base href=/>",
      "<!-- x -->",
      "<form></form>",
      "<math></math>",
      "<svg></svg>",
      "<iframe srcdoc=x></iframe>",
    ]) {
      expect(findActiveContent(bad), bad).not.toBeNull();
    }
  });
});

describe("sanitizeMessageHtml keeps the meaning of benign messages", () => {
  it("keeps the allowed formatting tags, without attributes", () => {
    const html =
      '<p class="x" id="y">Hello <b>bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <s>s</s></p>' +
      "<div><code>x = 1</code></div><pre>line 1\nline 2</pre><blockquote>quoted</blockquote>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol>a<br>b";
    expect(sanitizeMessageHtml(html)).toBe(
      "<p>Hello <b>bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <s>s</s></p>" +
        "<div><code>x = 1</code></div><pre>line 1\nline 2</pre><blockquote>quoted</blockquote>" +
        "<ul><li>one</li></ul><ol><li>two</li></ol>a<br>b",
    );
  });

  it("gives every link the fixed rel and target and keeps only its URL", () => {
    expect(
      sanitizeMessageHtml(
        '<a href="https://hourline.example/pricing?a=1&amp;b=2" rel="opener" target="_self" title="t">Pricing</a>',
      ),
    ).toBe(
      `<a href="https://hourline.example/pricing?a=1&amp;b=2" ${rel}>Pricing (hourline.example)</a>`,
    );
    expect(sanitizeMessageHtml('<a href="mailto:help@hourline.example">mail us</a>')).toBe(
      `<a href="mailto:help@hourline.example" ${rel}>mail us (help@hourline.example)</a>`,
    );
    expect(sanitizeMessageHtml('<a href="  http://x.example/  ">x</a>')).toBe(
      `<a href="http://x.example/" ${rel}>x (x.example)</a>`,
    );
  });

  it("unwraps links whose URL is not absolute http(s) or mailto, keeping their text", () => {
    for (const href of [
      "/relative",
      "relative",
      "#top",
      "//evil.example",
      "\\\\evil.example",
      "ftp://x.example",
      "tel:+123",
      "https://x.example/a b",
      "",
    ]) {
      expect(sanitizeMessageHtml(`<a href="${href}">text</a>`), href).toBe("text");
    }
    expect(sanitizeMessageHtml("<a>anchor</a>")).toBe("anchor");
  });

  it("keeps our uploaded images, with only src, alt, width and height", () => {
    expect(
      sanitizeMessageHtml(
        `<img src="${upload}" alt="A photo" width="320" height="200" title="t" class="c" loading="lazy">`,
      ),
    ).toBe(`<img src="${upload}" alt="A photo" width="320" height="200">`);
    expect(sanitizeMessageHtml(imageMessageHtml(upload))).toBe(imageMessageHtml(upload));
    for (const ext of ["png", "jpg", "gif", "webp"]) {
      const src = `/api/support/uploads/abcdefghijklmnop.${ext}`;
      expect(sanitizeMessageHtml(`<img src="${src}">`)).toBe(`<img src="${src}">`);
    }
  });

  it("accepts the public origin in front of the upload path and stores the path alone", () => {
    expect(sanitizeMessageHtml(`<img src="${publicUrl}${upload}">`, { publicUrl })).toBe(
      `<img src="${upload}">`,
    );
    expect(sanitizeMessageHtml(`<img src="${publicUrl}${upload}">`)).toBe("");
    expect(sanitizeMessageHtml(`<img src="https://evil.example${upload}">`, { publicUrl })).toBe(
      "",
    );
    expect(ownUploadPath(`http://hourline.example${upload}`, publicUrl)).toBeUndefined();
  });

  it("removes images from anywhere else, and images whose name is not a server-made one", () => {
    for (const src of [
      "https://tracker.example/pixel.png",
      "/api/support/uploads/short.png",
      "/api/support/uploads/abcdefghijklmnop.svg",
      "/api/support/uploads/abcdefghijklmnop.PNG",
      "/api/support/uploads/abcdefghijklmnop.png?x",
      "/api/support/uploads/abcdefghijklmnop.png/",
      "/api/support/uploads/../abcdefghijklmnop.png",
      "/api/support/uploads/abcdefgh.jklmnopq.png",
      `${upload} `,
      `/API/support/uploads/abcdefghijklmnop.png`,
      "data:image/png;base64,iVBORw0KGgo=",
      "",
    ]) {
      expect(sanitizeMessageHtml(`before<img src="${src}">after`), src).toBe("beforeafter");
    }
    expect(sanitizeMessageHtml("<img>")).toBe("");
  });

  it("drops width and height that are not plain pixel counts, and cuts a very long alt", () => {
    expect(sanitizeMessageHtml(`<img src="${upload}" width="100%" height="-1">`)).toBe(
      `<img src="${upload}">`,
    );
    const alt = "a".repeat(1000);
    expect(sanitizeMessageHtml(`<img src="${upload}" alt="${alt}">`)).toBe(
      `<img src="${upload}" alt="${"a".repeat(messageHtmlPolicy.altMaxLength)}">`,
    );
  });

  it("gives typed text back unchanged (textToMessageHtml round trip)", () => {
    for (const text of [
      "Hello",
      'She said "hi" & left <quickly>',
      "It's 5 > 3 and 2 < 4",
      "line 1\nline 2\r\nline 3\rline 4",
      "&amp; is not decoded twice; &lt;b&gt; stays text",
      "emoji 👋🏽 and ünïcödé and 中文",
      "  spaces  kept  ",
      "<script>alert(1)</script>",
      "javascript:alert(1)",
      // Marks stay; embeddings, overrides and isolates go on both sides.
      "\u202aembedded\u202c, \u202eoverridden, \u2066isolated\u2069, \u200fmarked",
    ]) {
      const html = textToMessageHtml(text);
      expect(sanitizeMessageHtml(html), text).toBe(html);
    }
    expect(textToMessageHtml("\u202eabc\u2067d\u200fe")).toBe("abcd\u200fe");
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const html = textToMessageHtml(text.replace(/\0/g, ""));
        return sanitizeMessageHtml(html) === html;
      }),
      { numRuns: 500 },
    );
  });

  it("passes typed text by the parser only where the parser would give it back unchanged", () => {
    // Typed text (without NUL, which the sanitizer removes) always takes the shortcut...
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) =>
        isTypedTextHtml(textToMessageHtml(text.replace(/\0/g, ""))),
      ),
      { numRuns: 500 },
    );
    // ...and whatever takes it is what the full path writes, for HTML built from the pieces
    // nearest to typed text, and for the XSS corpus.
    const piece = fc.oneof(
      fc.constantFrom(
        "<br>",
        "<BR>",
        "<br/>",
        "<br >",
        "<br",
        "br>",
        "<b>",
        "</br>",
        "<!--",
        "&amp;",
        "&AMP;",
        "&lt;",
        "&gt;",
        "&quot;",
        "&#39;",
        "&#x27;",
        "&#039;",
        "&nbsp;",
        "&amp",
        "&",
        "<",
        ">",
        '"',
        "'",
        "\0",
        "\r",
        "\n",
        "\u202e",
        "\u2069",
        "\u200f",
        "\ud800",
        "x",
        " ",
      ),
      fc.string({ unit: "binary", maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const html = pieces.join("");
        expect(sanitizeMessageHtml(html), JSON.stringify(html)).toBe(
          sanitizeParsedMessageHtml(html),
        );
      }),
      { numRuns: 2_000 },
    );
    for (const payload of xssPayloads) {
      expect(sanitizeMessageHtml(payload), payload).toBe(sanitizeParsedMessageHtml(payload));
    }
  });

  it("keeps every link an agent's typed reply makes, and all else as typed", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "https://hourline.example/help",
        "http://a.example/x?y=1&z=2",
        "HTTPS://B.EXAMPLE",
        "mailto:x@y.example",
        " ",
        "\n",
        ".",
        ")",
        '"',
        "<",
        "&amp;",
        "\u00ad",
        "\u061c",
        "\u200b",
        "\u200f",
        "\u202e",
        "\u2066",
        "\u2060",
        "\u0085",
        "\u0007",
      ),
      fc.string({ unit: "binary", maxLength: 6 }),
    );
    const withoutLinkAttributes = (html: string) =>
      html.replaceAll(' rel="noopener noreferrer nofollow" target="_blank"', "");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const html = textToLinkedMessageHtml(pieces.join("").replace(/\0/g, ""));
        return withoutLinkAttributes(sanitizeMessageHtml(html)) === html;
      }),
      { numRuns: 1000 },
    );
  });

  it("escapes text so that it stays text", () => {
    expect(sanitizeMessageHtml("a < b > c & d")).toBe("a &lt; b &gt; c &amp; d");
    expect(sanitizeMessageHtml("&lt;img src=x onerror=alert(1)&gt;")).toBe(
      "&lt;img src=x onerror=alert(1)&gt;",
    );
  });

  it("flattens nesting deeper than the limit, keeping the text", () => {
    const deep = "<b>".repeat(100) + "deep" + "</b>".repeat(100);
    const clean = sanitizeMessageHtml(deep);
    expect(clean).toContain("deep");
    expect(clean.match(/<b>/g)?.length).toBe(messageHtmlPolicy.nestingLimit);
  });
});

describe("messageHtmlToText", () => {
  it("turns line breaks and blocks into new lines and decodes entities", () => {
    expect(messageHtmlToText(textToMessageHtml('Hi "there" & <you>\nsecond line'))).toBe(
      'Hi "there" & <you>\nsecond line',
    );
    expect(messageHtmlToText("<p>one</p><p>two</p><div>three<br>four</div>")).toBe(
      "one\ntwo\nthree\nfour",
    );
    expect(messageHtmlToText("<ul><li>a</li><li>b</li></ul>after")).toBe("- a\n- b\nafter");
    expect(messageHtmlToText("<pre>  x\n    y</pre>")).toBe("  x\n    y");
    expect(messageHtmlToText("<p>a\n  b</p>")).toBe("a b");
  });

  it("shows a link's URL after its text when they differ", () => {
    expect(messageHtmlToText('<a href="https://x.example/a">the page</a>')).toBe(
      "the page <https://x.example/a>",
    );
    expect(messageHtmlToText('<a href="https://x.example/a">https://x.example/a</a>')).toBe(
      "https://x.example/a",
    );
    expect(messageHtmlToText('<a href="mailto:a@b.example">a@b.example</a>')).toBe("a@b.example");
  });

  it("shows images as their alt text, or as the caller wants", () => {
    expect(messageHtmlToText(imageMessageHtml(upload))).toBe("[Image sent in the chat]");
    expect(messageHtmlToText(`<img src="${upload}">`)).toBe("[Image]");
    expect(
      messageHtmlToText(`look: <img src="${upload}">`, {
        imageText: ({ src }) => `${publicUrl}${src}`,
      }),
    ).toBe(`look: ${publicUrl}${upload}`);
  });

  it("sanitizes first: nothing of a script or a foreign image reaches the text", () => {
    expect(messageHtmlToText("a<script>alert(1)</script><img src=x alt=evil>b")).toBe("ab");
  });
});

describe("isBlankMessageHtml", () => {
  it("is true when nothing visible remains", () => {
    for (const html of [
      "",
      "   ",
      "<br><br>",
      "<p> </p><div>&nbsp;</div>",
      "\u200b\ufeff&#8203;",
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "<b><i></i></b>",
      "<!-- only a comment -->",
    ]) {
      expect(isBlankMessageHtml(html), html).toBe(true);
    }
  });

  it("is false when there is text or one of our images", () => {
    expect(isBlankMessageHtml("x")).toBe(false);
    expect(isBlankMessageHtml("<b>.</b>")).toBe(false);
    expect(isBlankMessageHtml(imageMessageHtml(upload))).toBe(false);
    expect(isBlankMessageHtml("&lt;")).toBe(false);
  });
});

describe("text that would disguise itself", () => {
  const rel = 'rel="noopener noreferrer nofollow" target="_blank"';

  it("drops embeddings, overrides and isolates from message text, and keeps the marks", () => {
    expect(sanitizeMessageHtml("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(sanitizeMessageHtml("a\u2066b\u2067c\u2068d\u2069e\u202Af\u202Bg\u202Ch\u202Di")).toBe(
      "abcdefghi",
    );
    // Right-to-left and left-to-right marks, and the joiners, shape text without reordering it.
    expect(sanitizeMessageHtml("שלום\u200F 12 \u200D\u200C")).toBe("שלום\u200F 12 \u200D\u200C");
  });

  it("refuses a link URL with an invisible or direction-changing character in it", () => {
    for (const hidden of ["\u202E", "\u200B", "\u2066", "\u00AD", "\u061C", "\uFEFF"]) {
      expect(sanitizeMessageHtml(`<a href="https://bank.example/${hidden}fdp.exe">x</a>`)).toBe(
        "x",
      );
    }
  });

  it.each([
    ['<a href="https://evil.example/pay">bank.example/pay</a>', "bank.example/pay (evil.example)"],
    [
      '<a href="https://evil.example">https://bank.example</a>',
      "https://bank.example (evil.example)",
    ],
    [
      '<a href="https://evil.example">evil.example.bank.example</a>',
      "evil.example.bank.example (evil.example)",
    ],
    ['<a href="mailto:x@evil.example">help@bank.example</a>', "help@bank.example (x@evil.example)"],
    ['<a href="https://x.example"><b>Click</b> here</a>', "<b>Click</b> here (x.example)"],
  ])("shows where %s leads", (html, text) => {
    const href = /href="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(sanitizeMessageHtml(html)).toBe(`<a href="${href}" ${rel}>${text}</a>`);
  });

  it.each([
    '<a href="https://bank.example/pay">https://bank.example/pay</a>',
    '<a href="https://www.bank.example/pay">bank.example/pay</a>',
    '<a href="https://bank.example/pay?x=1">bank.example</a>',
    '<a href="mailto:help@bank.example">help@bank.example</a>',
  ])("leaves %s as it is: its text shows where it leads", (html) => {
    const clean = sanitizeMessageHtml(html);
    expect(clean).not.toContain("(");
  });

  it("is stable: a revealed link is not revealed twice", () => {
    const once = sanitizeMessageHtml('<a href="https://evil.example">Pay here</a>');
    expect(sanitizeMessageHtml(once)).toBe(once);
    expect(messageHtmlToText(once)).toBe("Pay here <https://evil.example>");
  });
});
