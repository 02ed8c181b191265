import { describe, expect, it } from "vitest";
import { consoleHome, isConsolePath, returnPath, signInPath } from "./sign-in-path";

const site = "https://hourline.example";

/** Where the browser ends up when the app navigates to `path` (pushState resolves it so). */
function landing(path: string): URL {
  return new URL(path, `${site}/console/sign-in?next=x`);
}

function staysInConsole(path: string): boolean {
  const url = landing(path);
  return (
    url.origin === site && (url.pathname === "/console" || url.pathname.startsWith("/console/"))
  );
}

const attempts = [
  "//evil.example",
  "//evil.example/console",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "https://evil.example/console",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "console",
  " /console",
  "/console.evil.example",
  "/console@evil.example",
  "/consoles",
  "/CONSOLE",
  "/",
  "/help",
  "/console/../x",
  "/console/../../evil.example",
  "/console/..//evil.example",
  "/console/./../x",
  "/console/%2e%2e/x",
  "/console/%2E%2E/x",
  "/console/.%2e/x",
  "/console/%2e./x",
  "/console/..\\x",
  "/console/..\\\\evil.example",
  "/console/.\t./x",
  "/console/..\n/x",
  "/console/a/b/../../../x",
  "/console/sign-in",
  "/console/sign-in?next=/console",
  "/console/./sign-in",
  "/console/x/../sign-in",
  "/console/%2e/sign-in",
  "",
];

describe("return paths", () => {
  it("go back to a console address, with its query and fragment", () => {
    for (const path of [
      "/console",
      "/console/",
      "/console?tab=ended",
      "/console/conversations/42",
      "/console/conversations/42?q=a%20b#m-7",
      "/console/contact-messages?filter=unread",
      "/console/settings",
      "/console#list",
    ]) {
      expect(isConsolePath(path), path).toBe(true);
      expect(returnPath(path), path).toBe(path);
    }
    // Written in a roundabout way: back to where the browser would have gone.
    expect(returnPath("/console/a/../settings")).toBe("/console/settings");
    expect(returnPath("/console/%2e/settings")).toBe("/console/settings");
  });

  it("go to the console's home for anything else", () => {
    expect(returnPath(null)).toBe(consoleHome);
    for (const path of attempts) {
      expect(isConsolePath(path), JSON.stringify(path)).toBe(false);
      expect(returnPath(path), JSON.stringify(path)).toBe("/console");
    }
  });

  it("never leave the console, however the address is written or encoded", () => {
    const written = [
      ...attempts,
      ...attempts.map(encodeURI),
      "/console/%252e%252e/x",
      "/console/..%2fx",
      "/console/..%5cx",
      "/console/%5c%5cevil.example",
      "/console//evil.example",
      "/console/\\\\evil.example",
      "/console/a/../b",
    ];
    for (const path of written) {
      const back = returnPath(path);
      expect(staysInConsole(back), `${JSON.stringify(path)} -> ${back}`).toBe(true);
      expect(landing(back).pathname.startsWith("/console/sign-in"), back).toBe(false);
    }
  });

  it("come back from the sign-in page's query string decoded, and are checked after decoding", () => {
    for (const raw of [
      "%2F%2Fevil.example",
      "https%3A%2F%2Fevil.example%2F",
      "%2Fconsole%2F..%2Fx",
    ]) {
      const next = new URLSearchParams(`next=${raw}`).get("next");
      expect(returnPath(next), raw).toBe("/console");
    }
    const next = new URLSearchParams("next=%2Fconsole%2Fsettings").get("next");
    expect(returnPath(next)).toBe("/console/settings");
  });
});

describe("signInPath", () => {
  it("carries the address to come back to, when it is worth carrying", () => {
    expect(signInPath(null)).toBe("/console/sign-in");
    expect(signInPath("/console")).toBe("/console/sign-in");
    expect(signInPath("/console/settings")).toBe("/console/sign-in?next=%2Fconsole%2Fsettings");
    expect(signInPath("/console/conversations/5?x=1")).toBe(
      "/console/sign-in?next=%2Fconsole%2Fconversations%2F5%3Fx%3D1",
    );
  });

  it("says why the agent is there", () => {
    expect(signInPath("/console/conversations/5", { expired: true })).toBe(
      "/console/sign-in?next=%2Fconsole%2Fconversations%2F5&reason=expired",
    );
    expect(signInPath(null, { signedOut: true })).toBe("/console/sign-in?reason=signed-out");
  });

  it("never carries an address outside the console", () => {
    for (const path of attempts) {
      const to = new URL(signInPath(path, { expired: true }), site);
      expect(to.pathname).toBe("/console/sign-in");
      const next = to.searchParams.get("next");
      expect(next === null || staysInConsole(next), `${JSON.stringify(path)} -> ${next}`).toBe(
        true,
      );
    }
  });
});
