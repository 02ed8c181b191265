import { describe, expect, it } from "vitest";
import { registerBodySchema } from "./chat-api";
import {
  isPublicPagePath,
  readVisitedPages,
  type PageStore,
  recordVisitedPage,
  visitedPagesStorageKey,
} from "./visited-pages";
import {
  cleanPagePath,
  cleanTimeZone,
  cleanVisitorContext,
  describeUserAgent,
  storedVisitorContext,
} from "./visitor-context";

describe("isPublicPagePath", () => {
  it("links public pages only, never the API, sockets or the console", () => {
    for (const path of ["/", "/pricing", "/apiary", "/consoles-we-like", "/blog/api-tips"]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of [
      "/api",
      "/api/agent/logout",
      "/ws/agent/",
      "/console",
      "/Console/team",
      "/x?y",
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });
});

describe("cleanPagePath", () => {
  it("drops bidirectional and zero-width controls, as names do", () => {
    expect(cleanPagePath("/pricing\u202Egnp.exe")).toBe("/pricinggnp.exe");
    expect(cleanPagePath("/a\u200B\u2066b")).toBe("/ab");
  });

  it("keeps a same-origin path without its query string or fragment", () => {
    expect(cleanPagePath("/pricing")).toBe("/pricing");
    expect(cleanPagePath("/pricing?plan=team&email=a@b.example#faq")).toBe("/pricing");
    expect(cleanPagePath("/")).toBe("/");
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "data:text/html,<script>",
    "pricing",
    "",
    "/a\u0000b",
    "/a\nb",
    "/a\u0085b",
    "/a\u2028b",
    `/${"x".repeat(200)}`,
  ])("drops %j", (value) => {
    expect(cleanPagePath(value)).toBeUndefined();
  });

  it("drops what is not a string", () => {
    for (const value of [undefined, null, 42, ["/"], { toString: () => "/" }]) {
      expect(cleanPagePath(value)).toBeUndefined();
    }
  });
});

describe("cleanTimeZone", () => {
  it("keeps an IANA zone in its canonical spelling", () => {
    expect(cleanTimeZone("Europe/Oslo")).toBe("Europe/Oslo");
    expect(cleanTimeZone("america/new_york")).toBe("America/New_York");
    expect(cleanTimeZone("UTC")).toBe("UTC");
  });

  it.each(["Mars/Olympus", "", "Europe/Oslo\u0000", "../../etc/passwd", "A".repeat(65), 3])(
    "drops %j",
    (value) => {
      expect(cleanTimeZone(value)).toBeUndefined();
    },
  );
});

describe("cleanVisitorContext", () => {
  it("keeps the newest twenty clean paths of a huge array", () => {
    const pages = [...Array.from({ length: 100_000 }, (_, i) => `/p/${i}`), "javascript:x"];
    const context = cleanVisitorContext({ pages });
    expect(context.pages).toHaveLength(20);
    expect(context.pages?.at(-1)).toBe("/p/99999");
  });

  it("drops unknown fields and values, and anything that is not an object", () => {
    expect(
      cleanVisitorContext({
        opened_on: "/",
        device: "fridge",
        browser: "<img src=x onerror=alert(1)>",
        referrer: "https://search.example/?q=secret",
        time_zone: "Europe/Oslo",
      }),
    ).toEqual({ opened_on: "/", time_zone: "Europe/Oslo" });
    for (const value of [null, "x", 1, ["/"]]) expect(cleanVisitorContext(value)).toEqual({});
  });

  it("never makes the register body invalid", () => {
    const body = { username: "Noor", email: "noor@lakeside.example" };
    for (const context of ["x", null, { pages: "nope" }, { opened_on: "javascript:x" }]) {
      const parsed = registerBodySchema.safeParse({ ...body, context });
      expect(parsed.success).toBe(true);
    }
    const parsed = registerBodySchema.parse({
      ...body,
      context: { opened_on: "/pricing?x=1", pages: ["/", "//evil.example"], time_zone: "utc" },
    });
    expect(parsed.context).toEqual({ opened_on: "/pricing", pages: ["/"], time_zone: "UTC" });
  });

  it("reads stored JSON again through the same cleaning", () => {
    expect(storedVisitorContext(null)).toEqual({});
    expect(storedVisitorContext("{not json")).toEqual({});
    expect(storedVisitorContext('{"opened_on":"javascript:x","device":"mobile"}')).toEqual({
      device: "mobile",
    });
  });
});

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70",
      { browser: "Edge 131", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      { browser: "Safari 17", device: "mobile" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      { browser: "Chrome 131", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      { browser: "Firefox 133", device: "desktop" },
    ],
  ])("reads %s", (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });

  it("says nothing of an agent it does not know", () => {
    expect(describeUserAgent("curl/8.5.0")).toEqual({});
    expect(describeUserAgent(undefined)).toEqual({});
  });
});

describe("visited pages in sessionStorage", () => {
  function memoryStorage(): PageStore {
    const items = new Map<string, string>();
    return {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
    };
  }

  it("records paths once in a row, at most twenty, and ignores tampering", () => {
    const storage = memoryStorage();
    recordVisitedPage(storage, "/");
    recordVisitedPage(storage, "/");
    recordVisitedPage(storage, "/pricing");
    expect(readVisitedPages(storage)).toEqual(["/", "/pricing"]);
    for (let i = 0; i < 30; i += 1) recordVisitedPage(storage, `/p/${i}`);
    expect(readVisitedPages(storage)).toHaveLength(20);
    storage.setItem(visitedPagesStorageKey, '["javascript:x","/ok"]');
    expect(readVisitedPages(storage)).toEqual(["/ok"]);
    storage.setItem(visitedPagesStorageKey, "{broken");
    expect(readVisitedPages(storage)).toEqual([]);
    expect(readVisitedPages(undefined)).toEqual([]);
  });
});
