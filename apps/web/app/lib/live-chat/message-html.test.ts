// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isUploadSrc, sanitizeMessageHtml } from "./message-html";

/** Renders sanitized HTML and reports anything that could run code or leave our origin. */
function activeContent(html: string): string[] {
  const host = document.createElement("div");
  host.innerHTML = sanitizeMessageHtml(html);
  const found: string[] = [];
  for (const el of host.querySelectorAll("*")) {
    const tag = el.tagName.toLowerCase();
    if (
      ![
        "br",
        "p",
        "div",
        "b",
        "strong",
        "i",
        "em",
        "u",
        "s",
        "code",
        "pre",
        "blockquote",
        "ul",
        "ol",
        "li",
        "a",
        "img",
      ].includes(tag)
    ) {
      found.push(`<${tag}>`);
    }
    for (const attr of el.attributes) {
      if (!["href", "rel", "target", "src", "alt", "width", "height"].includes(attr.name)) {
        found.push(`${tag}[${attr.name}]`);
      }
      if (attr.name === "href" && !/^(?:https?:|mailto:)/i.test(attr.value)) {
        found.push(`href=${attr.value}`);
      }
      if (attr.name === "src" && !attr.value.startsWith("/api/support/uploads/")) {
        found.push(`src=${attr.value}`);
      }
    }
  }
  return found;
}

const payloads = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="/api/support/uploads/a.png" onerror="alert(1)">`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<input autofocus onfocus=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<body onload=alert(1)>`,
  `<style>@import "javascript:alert(1)";</style>`,
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<p onclick="alert(1)">x</p>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<link rel=import href="data:text/html,<script>alert(1)</script>">`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<img src="https://evil.example/track.png">`,
  `<img src="//evil.example/track.png">`,
  `<img src="/api/support/uploads/../../agent/me">`,
  `<img src="/api/support/uploads/%2e%2e/x">`,
  `<a href="/api/agent/logout">same-origin action</a>`,
  `<template><img src=x onerror=alert(1)></template>`,
  `<a id="x" name="cookie" data-x="1" aria-label="y" href="https://ok.example">x</a>`,
  `<div id="__proto__"><form name="getElementById"></form></div>`,
];

describe("sanitizeMessageHtml", () => {
  for (const payload of payloads) {
    it(`leaves nothing active of ${payload}`, () => {
      expect(activeContent(payload)).toEqual([]);
    });
  }

  it("answers empty, not a crash, for markup whose document has no body", () => {
    for (const payload of [
      `<frameset onload=alert(1)>`,
      `<frameset><frame src="javascript:alert(1)"></frameset>`,
    ]) {
      expect(sanitizeMessageHtml(payload)).toBe("");
    }
  });

  it("keeps text formatting, safe links and our own images", () => {
    expect(sanitizeMessageHtml("Hello<br><b>bold</b> <em>it</em> <s>old</s>")).toBe(
      "Hello<br><b>bold</b> <em>it</em> <s>old</s>",
    );
    expect(sanitizeMessageHtml('<a href="https://hourline.example/help">help</a>')).toBe(
      '<a href="https://hourline.example/help" rel="noopener noreferrer nofollow" target="_blank">help (hourline.example)</a>',
    );
    const mail = document.createElement("div");
    mail.innerHTML = sanitizeMessageHtml(
      '<a href="mailto:support@hourline.example" target="_self" rel="opener">m</a>',
    );
    const link = mail.querySelector("a");
    expect(link?.getAttribute("href")).toBe("mailto:support@hourline.example");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(
      sanitizeMessageHtml('<img src="/api/support/uploads/abc_123.webp" width="640" height="480">'),
    ).toBe(
      '<img src="/api/support/uploads/abc_123.webp" width="640" height="480" alt="Image sent in the chat">',
    );
    expect(sanitizeMessageHtml("<ul><li>one</li></ul><pre><code>x &lt; y</code></pre>")).toBe(
      "<ul><li>one</li></ul><pre><code>x &lt; y</code></pre>",
    );
  });

  it("drops direction overrides, refuses disguised URLs and shows where a link leads", () => {
    expect(sanitizeMessageHtml("invoice\u202Efdp.exe \u2066x\u2069")).toBe("invoicefdp.exe x");
    expect(sanitizeMessageHtml('<a href="https://bank.example/\u202Efdp.exe">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    const holder = document.createElement("div");
    holder.innerHTML = sanitizeMessageHtml(
      '<a href="https://evil.example/pay">bank.example/pay</a>',
    );
    expect(holder.textContent).toBe("bank.example/pay (evil.example)");
    holder.innerHTML = sanitizeMessageHtml(
      '<a href="https://bank.example/pay">bank.example/pay</a>',
    );
    expect(holder.textContent).toBe("bank.example/pay");
  });

  it("drops images from anywhere but our uploads", () => {
    expect(sanitizeMessageHtml('before<img src="https://evil.example/a.png">after')).toBe(
      "beforeafter",
    );
    expect(isUploadSrc("/api/support/uploads/a.png")).toBe(true);
    expect(isUploadSrc("/api/support/uploads/")).toBe(false);
    expect(isUploadSrc("/api/support/uploads/../x")).toBe(false);
    expect(isUploadSrc("/api/support/uploads/a/b.png")).toBe(false);
    expect(isUploadSrc("https://x/api/support/uploads/a.png")).toBe(false);
  });
});
