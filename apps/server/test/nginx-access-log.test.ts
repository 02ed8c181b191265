/**
 * nginx's access log in front of Hourline never holds a visitor's address: Debian's nginx runs
 * deploy/nginx's log format (hourline-log-format.conf) and locations, and every URL that carries an
 * address the way the chat's do (in a path segment, plain or %40-encoded, twice, in the query) is
 * logged masked, as JSON lines with the request id the instance also logs.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./instance-process";
import { nginxMissing, startNginx, type NginxProcess } from "./nginx-process";

const missing = nginxMissing();
if (missing) {
  if (process.env.CI) throw new Error(`The nginx access log test must run under CI: ${missing}`);
  console.warn(`SKIPPING the nginx access log test: ${missing}`);
}

describe.skipIf(missing !== null)(
  "nginx's access log (deploy/nginx/hourline-log-format.conf)",
  () => {
    let upstream: Server;
    let nginx: NginxProcess;

    beforeAll(async () => {
      // What answers does not matter here, only what nginx writes about the request.
      upstream = createServer((_req, res) => res.end("{}"));
      const port = await freePort();
      await new Promise<void>((resolve) => upstream.listen(port, "127.0.0.1", resolve));
      nginx = await startNginx(await freePort(), [{ port }]);
    });
    afterAll(async () => {
      await nginx?.stop();
      await new Promise((resolve) => upstream?.close(resolve));
    });

    const cases: [asked: string, logged: string][] = [
      ["/ws/support/visitor%40example.com/", "/ws/support/[email]/"],
      ["/ws/support/visitor@example.com/", "/ws/support/[email]/"],
      [
        "/api/support/get_message/Ana.Lima%40Example.ORG/?after=41",
        "/api/support/get_message/[email]/?after=41",
      ],
      ["/api/agent/visitors/someone%40example.net/export", "/api/agent/visitors/[email]/export"],
      ["/api/x/a%40example.com/b/c%40example.com/d", "/api/x/[email]/b/[email]/d"],
      ["/api/x/a%40e.com/b%40e.com/c%40e.com/", "[path with addresses]"],
      ["/blogs?q=ana%40example.com&page=2", "/blogs?[email]"],
      ["/blogs?q=ana%40EXAMPLE.com", "/blogs?[email]"],
      ["/blogs?q=time+tracking", "/blogs?q=time+tracking"],
      ["/chat/rating?token=kQ3v9u8n2xW1aB4cD5eF6gH7iJ8kL9mN0oP1qR2sT3u", "/chat/rating?[token]"],
      ["/chat/resume?x=1&TOKEN=abc", "/chat/resume?[token]"],
      // The proof link's token holds the address, base64url-encoded: masked whole as well.
      ["/chat/prove?token=YW5hQGV4YW1wbGUuY29t.1790000000000.sig", "/chat/prove?[token]"],
      ["/pricing", "/pricing"],
    ];

    it("masks every address and keeps the rest of the request", async () => {
      for (const [asked] of cases) {
        const answer = await fetch(`${nginx.baseUrl}${asked}`);
        await answer.arrayBuffer();
      }
      // nginx writes the line once the answer is sent; wait until every request has one.
      let lines: string[] = [];
      for (let tries = 0; tries < 200; tries++) {
        lines = nginx.accessLog().split("\n").filter(Boolean);
        if (lines.filter((l) => !l.includes('"/healthz"')).length >= cases.length) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      const entries = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((e) => e.path !== "/healthz");
      expect(entries.map((e) => e.path)).toEqual(cases.map(([, logged]) => logged));
      for (const entry of entries) {
        expect(entry).toMatchObject({
          method: "GET",
          status: 200,
          request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        });
      }
      const log = nginx.accessLog();
      expect(log).not.toMatch(/@|%40/);
      for (const local of ["visitor%", "Ana.Lima", "someone", "example.com/"])
        expect(log).not.toContain(local);
    });
  },
);
