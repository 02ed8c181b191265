import { describe, expect, it } from "vitest";
import { routeModules, withRoutePreloads, withStylesheetAndSessionFirst } from "./app-preloads";

const routes = {
  layout: { module: "/assets/layout.js", imports: ["/assets/start.js", "/assets/framework.js"] },
  inbox: { module: "/assets/inbox.js", imports: ["/assets/start.js"] },
};
const head =
  '<head><link rel="icon" href="/favicon.svg"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/framework.js"/>' +
  '<link rel="stylesheet" href="/assets/app.css"/></head>';

describe("the console document's preloads", () => {
  it("lists each route's module and imports once, and refuses an unknown route", () => {
    expect(routeModules(routes, ["layout", "inbox"])).toEqual([
      "/assets/layout.js",
      "/assets/start.js",
      "/assets/framework.js",
      "/assets/inbox.js",
    ]);
    expect(() => routeModules(routes, ["missing"])).toThrow(/no route "missing"/);
  });

  it("adds the modules not preloaded yet after the last preload", () => {
    expect(withRoutePreloads(head, routes, ["layout", "inbox"])).toBe(
      '<head><link rel="icon" href="/favicon.svg"/>' +
        '<link rel="modulepreload" href="/assets/entry.js"/>' +
        '<link rel="modulepreload" href="/assets/framework.js"/>' +
        '<link rel="modulepreload" href="/assets/layout.js"/>' +
        '<link rel="modulepreload" href="/assets/start.js"/>' +
        '<link rel="modulepreload" href="/assets/inbox.js"/>' +
        '<link rel="stylesheet" href="/assets/app.css"/></head>',
    );
  });

  it("puts the stylesheet, then the session script, ahead of the scripts, once", () => {
    const once = withStylesheetAndSessionFirst(head, "/assets/session.js", [
      "/assets/sign-in.js",
      "/assets/forms.js",
    ]);
    expect(once).toBe(
      '<head><link rel="icon" href="/favicon.svg"/>' +
        '<link rel="stylesheet" href="/assets/app.css"/>' +
        '<script type="module" async="" src="/assets/session.js" ' +
        'data-signed-out="/assets/sign-in.js /assets/forms.js"></script>' +
        '<link rel="modulepreload" href="/assets/entry.js"/>' +
        '<link rel="modulepreload" href="/assets/framework.js"/></head>',
    );
    expect(
      withStylesheetAndSessionFirst(once, "/assets/session.js", [
        "/assets/sign-in.js",
        "/assets/forms.js",
      ]),
    ).toBe(once);
  });
});
