import { describe, expect, it } from "vitest";
import { appUrlStandIn, originFiller, publicUrlStandIn } from "./site-origins";

describe("originFiller", () => {
  const fill = originFiller([
    { built: publicUrlStandIn, served: "https://www.example.com" },
    { built: appUrlStandIn, served: "https://app.example.com" },
  ]);

  it("rewrites every built origin to the served one", () => {
    expect(
      fill?.(
        `<link rel="canonical" href="${publicUrlStandIn}/pricing"><a href="${appUrlStandIn}/login">` +
          `{"url":"${publicUrlStandIn}"} Sitemap: ${publicUrlStandIn}/sitemap.xml`,
      ),
    ).toBe(
      '<link rel="canonical" href="https://www.example.com/pricing"><a href="https://app.example.com/login">' +
        '{"url":"https://www.example.com"} Sitemap: https://www.example.com/sitemap.xml',
    );
  });

  it("leaves a longer host or another port alone", () => {
    const local = originFiller([
      { built: "http://localhost:3000", served: "https://www.example.com" },
    ]);
    expect(
      local?.("http://localhost:30001/x http://localhost:3000.example http://localhost:3000"),
    ).toBe("http://localhost:30001/x http://localhost:3000.example https://www.example.com");
  });

  it("is null when the build already carries the served origins", () => {
    expect(originFiller([{ built: "https://a.example", served: "https://a.example" }])).toBeNull();
  });

  it("refuses an origin that could break out of an attribute or a script", () => {
    for (const served of [
      'https://x.example/"><script>',
      "https://x.example/'",
      "javascript:alert(1)",
    ]) {
      expect(() => originFiller([{ built: publicUrlStandIn, served }])).toThrow(
        /cannot be written/,
      );
    }
  });
});
