/**
 * XSS payloads for the message sanitizer, and an independent check of its output.
 *
 * The payloads follow the OWASP XSS filter-evasion cheat sheet and PortSwigger's XSS cheat sheet:
 * event handlers on every kind of element, `javascript:` in many encodings, data: URLs, srcdoc,
 * formaction, CSS expressions, meta refresh, base href, mutation XSS (markup that parses one way,
 * serializes, and parses another way: noscript/style/xmp/textarea/comment/CDATA tricks, SVG and
 * MathML namespace confusion), our own upload path abused, template-injection strings, null bytes,
 * Unicode escapes, very long attributes and deep or unclosed nesting. Every payload, where a browser
 * runs it, calls alert, confirm, prompt or print or navigates to a javascript: URL, so a browser test
 * can detect execution with a dialog listener (and a listener on navigation). A few only ever ran
 * in old browsers (IE's expression(), UTF-7); they stay because a filter must not let them through
 * either.
 *
 * `findActiveContent` parses HTML with htmlparser2 (the parser sanitize-html uses, configured as a
 * browser reads HTML: entities decoded, names lower-cased) and, separately, scans the raw string
 * for tag openings; it has its own allowlist, written out here rather than imported, so a mistake in
 * the sanitizer's configuration is not mirrored by the check.
 */
import { Parser } from "htmlparser2";

const own = "/api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png";
const b64Script = "PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="; // <script>alert(1)</script>
const b64Svg = "PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"; // <svg onload=alert(1)>
const dec = (s: string) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join("");
const decPadded = (s: string) =>
  [...s].map((c) => `&#${String(c.charCodeAt(0)).padStart(7, "0")}`).join("");
const hex = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join("");
const hexBare = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)}`).join("");

export const xssPayloads: string[] = [
  // --- Plain script, and closing whatever context the message lands in
  `<script>alert(1)</script>`,
  `<ScRiPt>alert(1)</sCrIpT>`,
  `<script >alert(1)</script >`,
  `<script\ttype="text/javascript">alert(1)</script>`,
  `<script type="module">alert(1)</script>`,
  `<script/src="data:,alert(1)"></script>`,
  `<script src=data:text/javascript,confirm(1)></script>`,
  `<script>/*</script><img src=x onerror=alert(1)>*/</script>`,
  `<<script>alert(1)//<</script>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `"><script>alert(1)</script>`,
  `'><script>alert(1)</script>`,
  `</title><script>alert(1)</script>`,
  `</textarea><script>alert(1)</script>`,
  `</style><script>alert(1)</script>`,
  `--><script>alert(1)</script>`,
  `]]><script>alert(1)</script>`,
  `</script><script>alert(1)</script>`,
  `<p>before</p><script>prompt(1)</script><p>after</p>`,

  // --- Event handlers, with every separator parsers accept
  `<img src=x onerror=alert(1)>`,
  `<IMG SRC=/ onerror="alert(1)"></img>`,
  `<img/src=x/onerror=alert(1)>`,
  `<img src=x onerror  =  alert(1)>`,
  "<img src=`x`onerror=alert(1)>",
  `<img src='x'onerror='alert(1)'>`,
  `<img src=x onerror=prompt(1)>`,
  `<img src=x onerror=confirm(1)>`,
  `<img src=x onerror=print()>`,
  `<img src=x onerror="window['al'+'ert'](1)">`,
  `<img src=x onerror=eval(atob('YWxlcnQoMSk='))>`,
  `<img src=x onerror=top[8680439..toString(30)](1)>`,
  `<img src=x:alert(alt) onerror=eval(src) alt=0>`,
  `<img src=x onerror=alert&#40;1&#41;>`,
  `<img src=x onerror=alert&#x28;1&#x29;>`,
  `<img src=x onerror="${decPadded("javascript:alert(1)")}">`,
  `<img """><script>alert(1)</script>">`,
  `<IMG onmouseover="alert(1)">`,
  `<IMG SRC=# onmouseover="alert(1)">`,
  `<svg onload=alert(1)>`,
  `<svg/onload=alert(1)>`,
  `<svg onload=alert&lpar;1&rpar;>`,
  `<body onload=alert(1)>`,
  `<body onpageshow=alert(1)>`,
  `<input autofocus onfocus=alert(1)>`,
  `<select autofocus onfocus=alert(1)>`,
  `<textarea autofocus onfocus=alert(1)>`,
  `<keygen autofocus onfocus=alert(1)>`,
  `<button autofocus onfocus=alert(1)>x</button>`,
  `<div contenteditable autofocus onfocus=alert(1)>x</div>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror=alert(1)></video>`,
  `<audio src onerror=alert(1)>`,
  `<video src=x onerror=alert(1)></video>`,
  `<marquee onstart=alert(1)>x</marquee>`,
  `<style onload=alert(1)></style>`,
  `<iframe onload=alert(1)></iframe>`,
  `<frameset onload=alert(1)>`,
  `<xss id=x tabindex=1 onfocusin=alert(1)></xss>`,
  `<xss onafterscriptexecute=alert(1)><script>1</script>`,
  `<button popovertarget=x>click</button><xss ontoggle=alert(1) popover id=x>XSS</xss>`,
  `<div onpointerover=alert(1)>hover</div>`,
  `<a href="https://ok.example" onmouseover="alert(1)">ok</a>`,
  `<a href="https://ok.example"\nonmouseover="alert(1)">ok</a>`,
  `<a href="https://ok.example"/onmouseover="alert(1)">ok</a>`,
  `<a href="mailto:x@example.com" onclick="alert(1)">mail</a>`,
  `<a href="#" onclick="confirm(1)">x</a>`,

  // --- Event handlers on the tags the allowlist keeps
  `<b onmouseover=alert(1)>bold</b>`,
  `<p id=x onclick=print()>para</p>`,
  `<div onclick=alert(1)>div</div>`,
  `<code onmouseover=alert(1)>code</code>`,
  `<pre><img src=x onerror=alert(1)></pre>`,
  `<blockquote cite="javascript:alert(1)" onclick=alert(1)>quote</blockquote>`,
  `<ul><li onclick=alert(1)>item</li></ul>`,
  `<br onmouseover=alert(1)>`,
  `<strong class=x onmouseover=confirm(1)>x</strong>`,
  `<em style="x" onfocus=alert(1) tabindex=0 autofocus>x</em>`,

  // --- javascript: in many encodings
  `<a href="javascript:alert(1)">x</a>`,
  `<a href=javascript:alert(1)>x</a>`,
  `<a/href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="\u0001javascript:alert(1)">x</a>`,
  `<a href=" &#14;  javascript:alert(1)">x</a>`,
  `<a href="java\tscript:alert(1)">x</a>`,
  `<a href="java\nscript:alert(1)">x</a>`,
  `<a href="java\rscript:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="jav&#x0A;ascript:alert(1)">x</a>`,
  `<a href="jav&#x0D;ascript:alert(1)">x</a>`,
  `<a href="java&Tab;script:alert(1)">x</a>`,
  `<a href="java&NewLine;script&colon;alert(1)">x</a>`,
  `<a href=javascript&colon;alert&lpar;1&rpar;>x</a>`,
  `<a href="javas&#99;ript:alert(1)">x</a>`,
  `<a href="javascript&#58;alert(1)">x</a>`,
  `<a href="javascript&#x3a;alert(1)">x</a>`,
  `<a href="${dec("javascript:alert(1)")}">x</a>`,
  `<a href="${decPadded("javascript:alert(1)")}">x</a>`,
  `<a href="${hex("javascript:alert(1)")}">x</a>`,
  `<a href="${hexBare("javascript:alert(1)")}">x</a>`,
  `<a href="javascript:%61%6c%65%72%74%28%31%29">x</a>`,
  `<a href="javascript:\\u0061lert(1)">x</a>`,
  `<a href="javascript://%0aalert(1)">x</a>`,
  `<a href="javascript:&#x2F;&#x2F;%0aalert(1)">x</a>`,
  `<a href="  javascript:alert(document.domain)//https://ok.example">x</a>`,
  `<a href="javascript:void(0)" onclick="print()">x</a>`,
  `<a target="_self" href="javascript:alert(1)">x</a>`,
  `<a href="javascript:alert(1)" download>x</a>`,
  `<a href="javascript:alert(1)"\0>x</a>`,
  `<div><a href="javascript:alert(1)"><b>bold</b></a></div>`,
  `<ul><li><a href=javascript:alert(1)>x</a></li></ul>`,
  `<IMG SRC="javascript:alert(1);">`,
  `<IMG SRC=JaVaScRiPt:alert(1)>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=${dec("javascript:alert(1)")}>`,
  `<IMG SRC="jav&#x09;ascript:alert(1);">`,
  `<img dynsrc="javascript:alert(1)">`,
  `<img lowsrc="javascript:alert(1)">`,
  `<img srcset="javascript:alert(1)">`,
  `<area href="javascript:alert(1)" shape=default>`,
  `<img src="${own}" usemap="#m"><map name=m><area href="javascript:alert(1)" shape=default></map>`,
  `<body background="javascript:alert(1)">`,
  `<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
  `<table><td background="javascript:alert(1)">x</td></table>`,
  `<br size="&{alert(1)}">`,
  `<bgsound src="javascript:alert(1);">`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<frameset><frame src="javascript:alert(1)"></frameset>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<object><param name=src value=javascript:alert(1)></param></object>`,
  `<applet code="javascript:confirm(1);"></applet>`,

  // --- data: URLs, srcdoc, forms
  `<a href="data:text/html;base64,${b64Script}">x</a>`,
  `<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>`,
  `<a href="data:image/svg+xml;base64,${b64Svg}">x</a>`,
  `<iframe src="data:text/html,<script>alert(1)</script>"></iframe>`,
  `<iframe src="data:text/html;base64,${b64Script}"></iframe>`,
  `<iframe srcdoc="<img src=x onerror=alert(1)>"></iframe>`,
  `<iframe srcdoc="&lt;script&gt;parent.alert(1)&lt;/script&gt;"></iframe>`,
  `<object data="data:text/html;base64,${b64Script}"></object>`,
  `<embed src="data:image/svg+xml;base64,${b64Svg}">`,
  `<img src="data:image/svg+xml;base64,${b64Svg}" onerror=alert(1)>`,
  `<link rel=import href="data:text/html,<script>alert(1)</script>">`,
  `<form action="javascript:alert(1)"><input type=submit></form>`,
  `<form><input type=submit formaction=javascript:alert(1) value=go></form>`,
  `<form><button formaction="javascript:alert(1)">X</button></form>`,
  `<form id=f></form><button form=f formaction="javascript:alert(1)">X</button>`,
  `<input type=image src=x onerror=alert(1)>`,
  `<isindex type=image src=1 onerror=alert(1)>`,
  `<isindex action=javascript:alert(1) type=submit value=click>`,
  `<table><form><input type=submit formaction=javascript:alert(1)></form></table>`,

  // --- CSS
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<div style="background-image: url(&quot;javascript:alert(1)&quot;)">x</div>`,
  `<div style="width: expression(alert(1))">x</div>`,
  `<div style="x:\\65xpression(alert(1))">x</div>`,
  `<div style=xss:expr/*XSS*/ession(alert(1))>x</div>`,
  `<img style="xss:expression(alert(1))" src="${own}">`,
  `<xss style="x:expression(alert(1))">`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `<style>*{background:url("javascript:alert(1)")}</style>`,
  `<link rel=stylesheet href="javascript:alert(1)">`,
  `<a href="https://ok.example" style="position:fixed;inset:0" onmouseover="alert(1)">x</a>`,

  // --- meta refresh, base href, charset tricks
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1);">`,
  `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${b64Script}">`,
  `<meta http-equiv="refresh" content="0; URL=http://;URL=javascript:alert(1);">`,
  `<base href="javascript:alert(1)//"><a href="x">x</a>`,
  `<base href="javascript:/a/-alert(1)///////"><a href=../lol/safari.html>test</a>`,
  `<base target=_blank href=javascript:alert(1)//>`,
  `<meta charset="utf-7">+ADw-script+AD4-alert(1)+ADw-/script+AD4-`,

  // --- Mutation XSS: content that means one thing to a parser and another after serializing
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<noscript><style></noscript><img src=x onerror=alert(1)>`,
  `<a><noscript><a title="</noscript><img src=x onerror=alert(1)>"></a></noscript></a>`,
  `<noembed><img title="</noembed><img src onerror=alert(1)>"></noembed>`,
  `<noframes><img title="</noframes><img src onerror=alert(1)>"></noframes>`,
  `<xmp><p title="</xmp><img src=x onerror=alert(1)>">`,
  `<iframe><img title="</iframe><img src onerror=alert(1)>"></iframe>`,
  `<textarea><img title="</textarea><img src onerror=alert(1)>"></textarea>`,
  `<title><img title="</title><img src onerror=alert(1)>"></title>`,
  `<style><img title="</style><img src onerror=alert(1)>"></style>`,
  `<template><img src=x onerror=alert(1)></template>`,
  `<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`,
  `<svg><p><style><a id="</style><img src=1 onerror=alert(1)>">`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">`,
  `<math><mtext><option><FAKEFAKE><option></option><mglyph><svg><mtext><style><a title="</style><img src='#' onerror='alert(1)'>">`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">`,
  `<math><mi><mglyph><svg><mtext><style><img src=x onerror=alert(1)>`,
  `<svg><style><img src=x onerror=alert(1)></style></svg>`,
  `<math><style><img src=x onerror=alert(1)></style></math>`,
  `<svg><style>{font-family:'<iframe/onload=alert(1)>'}</style></svg>`,
  `<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>`,
  `<svg><title><![CDATA[</title><img src=x onerror=alert(1)>]]></title></svg>`,
  `<div><![CDATA[</div><img src=x onerror=alert(1)>]]></div>`,
  `<![CDATA[><img src=x onerror=alert(1)>]]>`,
  `<!--><img src=x onerror=alert(1)>-->`,
  `<!--!><img src=x onerror=alert(1)>-->`,
  `<!-- --!><img src=x onerror=alert(1)> -->`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<a href="https://ok.example"><!--</a><img src=x onerror=alert(1)>--></a>`,
  `<?xml version="1.0"?><img src=x onerror=alert(1)>`,
  `<?><img src=x onerror=alert(1)>?>`,
  `<%<img src=x onerror=alert(1)>%>`,
  `<table><img src=x onerror=alert(1)></table>`,
  `<table><tr><td><img src=x onerror=alert(1)></td></tr></table>`,
  `<select><template><style><!--</style><a rel="--></template></select><img src onerror=alert(1)>">`,

  // --- SVG and MathML namespace confusion
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<svg><a href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
  `<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>Click</text></a></svg>`,
  `<svg><set attributeName="onmouseover" to="alert(1)"/></svg>`,
  `<svg><animatetransform onbegin=alert(1) attributeName=transform>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><script xlink:href="data:,alert(1)"></script></svg>`,
  `<svg><script href="data:,alert(1)" /></svg>`,
  `<svg><image href="x" onerror="alert(1)"></image></svg>`,
  `<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>`,
  `<svg><desc><img src=x onerror=alert(1)></desc></svg>`,
  `<svg><use href="data:image/svg+xml;base64,${b64Svg}#x"></use></svg>`,
  `<math href="javascript:alert(1)">CLICK</math>`,
  `<math><a xlink:href="javascript:alert(1)">click</a></math>`,
  `<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">CLICK<mtext>x</mtext></maction></math>`,
  `<math><mtext><img src=x onerror=alert(1)></mtext></math>`,

  // --- Our own upload path, abused
  `<img src=/api/support/uploads/../../x onerror=alert(1)>`,
  `<img src="${own}" onerror=alert(1)>`,
  `<img src="${own}" onload=alert(1)>`,
  `<img src="/api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.svg" onload=alert(1)>`,
  `<img src="${own}?x=1" onerror="alert(1)">`,
  `<img src="/api/support/uploads/%2e%2e/%2e%2e/x" onerror=alert(1)>`,
  `<img src="javascript:alert(1)//api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png">`,
  `<img src="https://evil.example/api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png" onerror=alert(1)>`,
  `<img src="//evil.example${own}" onerror=alert(1)>`,
  `<img src="${own}" srcset="javascript:alert(1)" onerror=alert(1)>`,
  `<img src="${own}" alt="x&quot; onerror=&quot;alert(1)">`,
  `<img src="${own}" alt='"><script>alert(1)</script>'>`,
  `<img src="${own}" width="1 onerror=alert(1)">`,
  `<img src="${own}" height="expression(alert(1))">`,
  `<a href='https://ok.example/"><script>alert(1)</script>'>x</a>`,
  `<a href="https://ok.example/" title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</a>`,

  // --- Template injection (runs where a client-side template engine reads the DOM)
  `{{constructor.constructor('alert(1)')()}}`,
  `{{$on.constructor('alert(1)')()}}`,
  `{{_openBlock.constructor('alert(1)')()}}`,
  `[[constructor.constructor('alert(1)')()]]`,
  `\${alert(1)}`,
  `#{alert(1)}`,
  `<%= alert(1) %>`,
  `<div ng-app ng-csp><div ng-click=$event.view.alert(1)>click</div></div>`,
  `<div v-html="''.constructor.constructor('alert(1)')()">a</div>`,
  `<div data-bind="html: '<img src=x onerror=alert(1)>'">x</div>`,

  // --- Null bytes and Unicode escapes
  `\0<img src=x onerror=alert(1)>`,
  `<img src=x\0 onerror=alert(1)>`,
  `<scr\0ipt>alert(1)</scr\0ipt>`,
  `<IMG SRC=java\0script:alert(1)>`,
  `<a href="java\0script:alert(1)">x</a>`,
  `<img src=x onerror="\\u0061\\u006c\\u0065\\u0072\\u0074(1)">`,
  `<img src=x onerror=\\u{61}lert(1)>`,
  `<img src="x" onerror="eval('\\x61lert(1)')">`,
  `<svg onload=&#97&#108&#101&#114&#116(1)>`,
  `<script>\\u0061lert(1)</script>`,
  `\\u003cscript\\u003ealert(1)\\u003c/script\\u003e`,

  // --- Very long attributes, deep and unclosed nesting
  `<a href="javascript:alert(1)" title="${"A".repeat(100_000)}">long</a>`,
  `<img src="${"A".repeat(70_000)}" onerror=alert(1)>`,
  `<img ${"a=b ".repeat(5_000)}src=x onerror=alert(1)>`,
  `${"<div>".repeat(2_000)}<svg onload=alert(1)>`,
  `${"<b><i>".repeat(500)}<img src=x onerror=alert(1)>`,
  `<b><i><u><s><code><pre><blockquote><ul><li><ol><li><p><div><img src=x onerror=alert(1)>`,
  `<a href="https://ok.example"><a href="javascript:alert(1)">x`,
  `<<img src=x onerror=alert(1)//<`,
  `<div<img src=x onerror=alert(1)>`,
  `<img src=x onerror=alert(1)//`,
  `<a href="https://ok.example">fine</a><img src=x onerror=alert(1)>`,
];

// ---------------------------------------------------------------------------------------------
// The independent check

const allowedTags = new Set([
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
]);

const allowedAttributes: Record<string, Set<string>> = {
  a: new Set(["href", "rel", "target"]),
  img: new Set(["src", "alt", "width", "height"]),
};

/** Named explicitly so a finding says which forbidden element it was. */
const forbiddenTags = new Set([
  "script",
  "style",
  "base",
  "meta",
  "link",
  "iframe",
  "frame",
  "object",
  "embed",
  "svg",
  "math",
  "form",
  "template",
  "noscript",
]);

const urlAttributes = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "srcdoc",
  "srcset",
  "data",
  "background",
  "poster",
  "cite",
  "lowsrc",
  "dynsrc",
  "ping",
  "to",
  "values",
]);

const ownUploadSrc = /^\/api\/support\/uploads\/[\w-]{16,64}\.(?:png|jpg|gif|webp)$/;

/** What a browser does before reading a URL's scheme: no whitespace, no control characters. */
function schemeView(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are what browsers skip
      .replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u2000-\u200f\u2028\u2029\ufeff]/g, "")
      .toLowerCase()
  );
}

/**
 * The first piece of active or disallowed content in `html`, described, or null when there is none.
 */
export function findActiveContent(html: string): string | null {
  const findings: string[] = [];
  const note = (what: string) => {
    if (findings.length === 0) findings.push(what);
  };

  // 1. The raw string: every `<` that starts markup must start an allowed tag.
  for (const match of html.matchAll(/<(\/?)([^\s/>]*)/g)) {
    const name = (match[2] ?? "").toLowerCase();
    if (name === "") continue; // "< " or "<>" is text to a browser
    if (/^[!?]/.test(name)) note(`raw markup declaration "${match[0]}"`);
    else if (/^[a-z]/.test(name) && !allowedTags.has(name)) note(`raw tag <${match[1]}${name}>`);
  }

  // 2. The parsed tree, entities decoded as a browser decodes them.
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (forbiddenTags.has(name)) note(`forbidden element <${name}>`);
        else if (!allowedTags.has(name)) note(`element <${name}> outside the allowlist`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr.startsWith("on")) note(`event handler ${attr} on <${name}>`);
          else if (attr === "style") note(`style attribute on <${name}>`);
          else if (attr === "srcdoc") note(`srcdoc on <${name}>`);
          if (urlAttributes.has(attr) && /^(?:javascript|vbscript|data):/.test(schemeView(value))) {
            note(`${attr}="${value.slice(0, 60)}" on <${name}>`);
          }
          if (!allowedAttributes[name]?.has(attr)) note(`attribute ${attr} on <${name}>`);
        }
        if (name === "img" && !ownUploadSrc.test(attribs.src ?? "")) {
          note(`image source "${(attribs.src ?? "").slice(0, 60)}" is not one of our uploads`);
        }
        if (name === "a" && attribs.href !== undefined) {
          if (!/^(?:https?:\/\/|mailto:)/i.test(attribs.href)) note(`link to "${attribs.href}"`);
          if (attribs.target !== "_blank" || !/\bnoopener\b/.test(attribs.rel ?? "")) {
            note(`link without target=_blank and rel=noopener`);
          }
        }
      },
      oncomment() {
        note("comment");
      },
      oncdatastart() {
        note("CDATA section");
      },
      onprocessinginstruction(name) {
        note(`processing instruction ${name}`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return findings[0] ?? null;
}

export function assertNoActiveContent(html: string): void {
  const found = findActiveContent(html);
  if (found) throw new Error(`active content: ${found}\nin: ${html.slice(0, 300)}`);
}
