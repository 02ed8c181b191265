/**
 * POST /api/support/upload and GET /api/support/uploads/:name through the whole app: who may upload
 * and see an image, the attack files (SVG, HTML, polyglots, damaged images, oversized files and
 * decompression bombs, several files at once), path traversal, and the headers images are served
 * with.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chatLimits } from "@hourline/contracts/chat-message";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSessionToken, hashSessionToken, sessionCookieName } from "../../../auth/session-tokens";
import { uploadNamePattern } from "../../../chat/upload-name";
import { uploadsDir } from "../../../chat/upload-store";
import { createAgentSession } from "../../../repositories/agent-sessions";
import { createAgent } from "../../../repositories/agents";
import { insertConversation } from "../../../../test/chat-rows";
import {
  gifThenScript,
  htmlPage,
  jpegMagicThenGarbage,
  jpegWithExifAndGps,
  pngBomb,
  pngDeclaring,
  pngSignature,
  pngSignatureThenHtml,
  pngThenHtml,
  solid,
  svgWithProlog,
  svgWithScript,
} from "../../../../test/image-fixtures";
import { postgresFor, stores, testAppOn } from "../../../../test/helpers";

const ORIGIN = "http://localhost:3000";
const visitorCookie = sessionCookieName("visitor", ORIGIN);
const agentCookie = sessionCookieName("agent", ORIGIN);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----hourline-test-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${
      part.filename !== undefined ? `; filename="${part.filename}"` : ""
    }`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : "") +
          "\r\n",
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function imagePart(data: Buffer, filename = "photo.png", contentType = "image/png"): Part {
  return { name: "file", filename, contentType, data };
}

let ipCounter = 0;
/** Every request from its own address, so the per-IP limit only bites where a test wants it. */
function nextIp(): string {
  ipCounter++;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

const pgUp = await postgresFor("the chat image upload tests");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`chat image uploads (${store.name})`, () => {
    let app: FastifyInstance;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "hourline-upload-test-"));
      app = await testAppOn(store, { PUBLIC_URL: ORIGIN }, { dataDir });
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** A visitor with a session cookie and, unless told otherwise, an open conversation. */
    async function visitor(
      email: string,
      { conversation = "open" }: { conversation?: "open" | "ended" | "none" } = {},
    ): Promise<{ email: string; token: string; conversationId: number | null }> {
      const token = newSessionToken();
      const now = Date.now();
      await app.database.db
        .insertInto("visitor_sessions")
        .values({
          token_hash: hashSessionToken(token),
          email,
          created_at: now,
          expires_at: now + 60_000,
          last_seen_at: now,
        })
        .execute();
      const conversationId =
        conversation === "none"
          ? null
          : await insertConversation(app.database.db, {
              email,
              startedAt: now,
              state: conversation,
              ...(conversation === "ended" ? { endedAt: now, endedBy: "visitor" as const } : {}),
            });
      return { email, token, conversationId };
    }

    async function agentToken(email: string): Promise<string> {
      const agent = await createAgent(app.database.db, {
        email,
        name: "Priya Support",
        passwordHash: "not-used-by-these-tests",
      });
      return (await createAgentSession(app.database.db, agent.id)).token;
    }

    function upload(
      parts: Part[],
      {
        token,
        headers = {},
        ip = nextIp(),
      }: { token?: string; headers?: Record<string, string>; ip?: string } = {},
    ) {
      const body = multipart(parts);
      return app.inject({
        method: "POST",
        url: "/api/support/upload",
        remoteAddress: ip,
        headers: {
          "content-type": body.contentType,
          origin: ORIGIN,
          ...(token ? { cookie: `${visitorCookie}=${token}` } : {}),
          ...headers,
        },
        payload: body.payload,
      });
    }

    function fetchImage(path: string, cookie?: string) {
      return app.inject({
        method: "GET",
        url: path,
        remoteAddress: nextIp(),
        headers: cookie ? { cookie } : {},
      });
    }

    async function uploadRows() {
      return app.database.db.selectFrom("chat_uploads").selectAll().orderBy("id").execute();
    }

    /** The bytes stored for an upload: in its row, where every instance reads them. */
    async function storedBytes(name: string): Promise<Buffer> {
      const row = await app.database.db
        .selectFrom("chat_uploads")
        .select("data")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      if (!row.data) throw new Error(`no bytes stored for ${name}`);
      return Buffer.from(row.data);
    }

    function storedFiles(): string[] {
      try {
        return readdirSync(uploadsDir(dataDir));
      } catch {
        return [];
      }
    }

    async function expectRefused(
      res: Awaited<ReturnType<typeof upload>>,
      status: number,
      code: string,
    ) {
      expect(res.statusCode).toBe(status);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ status, error: { code } });
    }

    /** Uploads nothing new: no row and no file appear. */
    async function expectNothingStored(action: () => Promise<unknown>) {
      const rows = (await uploadRows()).length;
      const files = storedFiles().length;
      await action();
      expect((await uploadRows()).length).toBe(rows);
      expect(storedFiles().length).toBe(files);
    }

    describe("POST /api/support/upload", () => {
      it("stores a PNG under a server-made name and answers its URL", async () => {
        const asha = await visitor("asha@studio.example");
        const input = await solid("png", 64, 32);
        const res = await upload([imagePart(input, "../../../etc/passwd.png")], {
          token: asha.token,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        const body = res.json<{ status: number; url: string }>();
        expect(body.status).toBe(200);
        expect(body.url).toMatch(/^\/api\/support\/uploads\/[\w-]{32}\.png$/);
        const name = body.url.slice("/api/support/uploads/".length);
        expect(name).toMatch(uploadNamePattern);

        const [row] = (await uploadRows()).filter((r) => r.name === name);
        expect(row).toMatchObject({
          conversation_id: asha.conversationId,
          content_type: "image/png",
          width: 64,
          height: 32,
          uploaded_by: "visitor:asha@studio.example",
        });
        const file = await storedBytes(name);
        expect(row?.size).toBe(file.length);
        // Nothing of the client's file name reached the disk.
        expect(storedFiles().some((f) => f.includes("passwd"))).toBe(false);
        expect(existsSync(join(dataDir, "etc"))).toBe(false);
      });

      it("re-encodes: EXIF and GPS of a JPEG are not stored", async () => {
        const v = await visitor("exif@studio.example");
        const res = await upload([imagePart(await jpegWithExifAndGps(), "p.jpg", "image/jpeg")], {
          token: v.token,
        });
        expect(res.statusCode).toBe(200);
        const name = res.json<{ url: string }>().url.split("/").pop() ?? "";
        expect(name).toMatch(/\.jpg$/);
        const stored = await storedBytes(name);
        expect(stored.includes("Secret Owner")).toBe(false);
        expect(stored.includes("Exif")).toBe(false);
      });

      it("ignores extra fields next to the file", async () => {
        const v = await visitor("fields@studio.example");
        const res = await upload(
          [
            { name: "caption", data: "hello" },
            imagePart(await solid("webp"), "a.webp", "image/webp"),
          ],
          { token: v.token },
        );
        expect(res.statusCode).toBe(200);
        expect(res.json<{ url: string }>().url).toMatch(/\.webp$/);
      });

      it("needs a visitor session (401)", async () => {
        await expectNothingStored(async () => {
          await expectRefused(await upload([imagePart(await solid("png"))]), 401, "unauthorized");
          await expectRefused(
            await upload([imagePart(await solid("png"))], { token: newSessionToken() }),
            401,
            "unauthorized",
          );
        });
      });

      it("needs an open conversation (409)", async () => {
        const none = await visitor("none@studio.example", { conversation: "none" });
        const ended = await visitor("ended@studio.example", { conversation: "ended" });
        await expectNothingStored(async () => {
          for (const v of [none, ended]) {
            await expectRefused(
              await upload([imagePart(await solid("png"))], { token: v.token }),
              409,
              "conflict",
            );
          }
        });
      });

      it("refuses a request from another site (403)", async () => {
        const v = await visitor("csrf@studio.example");
        await expectNothingStored(async () => {
          await expectRefused(
            await upload([imagePart(await solid("png"))], {
              token: v.token,
              headers: { origin: "https://evil.example" },
            }),
            403,
            "forbidden",
          );
          await expectRefused(
            await upload([imagePart(await solid("png"))], {
              token: v.token,
              headers: { origin: "", "sec-fetch-site": "cross-site" },
            }),
            403,
            "forbidden",
          );
        });
      });

      it("refuses a body that is not multipart (415)", async () => {
        const v = await visitor("json@studio.example");
        const res = await app.inject({
          method: "POST",
          url: "/api/support/upload",
          remoteAddress: nextIp(),
          headers: { origin: ORIGIN, cookie: `${visitorCookie}=${v.token}` },
          payload: { file: "iVBORw0KGgo=" },
        });
        await expectRefused(res, 415, "unsupported_media_type");
      });

      describe("attack files", () => {
        let token: string;
        beforeAll(async () => {
          token = (await visitor("mallory@attacker.example")).token;
        });

        it.each([
          ["an SVG sent as image/png", svgWithScript],
          ["an SVG with an XML prolog sent as image/png", svgWithProlog],
          ["an HTML page renamed .png", htmlPage],
        ])("refuses %s (415) and stores nothing", async (_label, data) => {
          await expectNothingStored(async () => {
            await expectRefused(
              await upload([imagePart(data, "cute-cat.png", "image/png")], { token }),
              415,
              "unsupported_media_type",
            );
          });
        });

        it("refuses the PNG signature followed by HTML (400) and stores nothing", async () => {
          await expectNothingStored(async () => {
            await expectRefused(
              await upload([imagePart(pngSignatureThenHtml)], { token }),
              400,
              "bad_request",
            );
          });
        });

        it("stores only the re-encoded image of a PNG or GIF with script after it", async () => {
          for (const [data, ext] of [
            [await pngThenHtml(), "png"],
            [await gifThenScript(), "gif"],
          ] as const) {
            const res = await upload([imagePart(data, `x.${ext}`, `image/${ext}`)], { token });
            expect(res.statusCode).toBe(200);
            const name = res.json<{ url: string }>().url.split("/").pop() ?? "";
            const stored = await storedBytes(name);
            expect(stored.includes("<script>")).toBe(false);
            expect(stored.includes("alert(")).toBe(false);
            expect(stored.equals(data)).toBe(false);
          }
        });

        it("refuses JPEG magic bytes followed by garbage (400)", async () => {
          await expectNothingStored(async () => {
            await expectRefused(
              await upload([imagePart(jpegMagicThenGarbage, "x.jpg", "image/jpeg")], { token }),
              400,
              "bad_request",
            );
          });
        });

        it("refuses a file of 25 MB + 1 byte (413)", async () => {
          const data = Buffer.alloc(chatLimits.uploadBytes + 1);
          pngSignature.copy(data);
          await expectNothingStored(async () => {
            await expectRefused(await upload([imagePart(data)], { token }), 413, "too_large");
          });
        });

        it("refuses decompression bombs with the pixel cap (413)", async () => {
          for (const data of [pngDeclaring(20_000, 20_000), await pngBomb()]) {
            await expectNothingStored(async () => {
              await expectRefused(await upload([imagePart(data)], { token }), 413, "too_large");
            });
          }
        }, 60_000);

        it("refuses two files in one request (400) and stores neither", async () => {
          const png = await solid("png");
          await expectNothingStored(async () => {
            await expectRefused(
              await upload([imagePart(png, "a.png"), imagePart(png, "b.png")], { token }),
              400,
              "bad_request",
            );
          });
        });

        it("refuses a file under another field name, and a form without a file (400)", async () => {
          const png = await solid("png");
          await expectNothingStored(async () => {
            await expectRefused(
              await upload([{ ...imagePart(png), name: "image" }], { token }),
              400,
              "bad_request",
            );
            await expectRefused(
              await upload([{ name: "caption", data: "no file here" }], { token }),
              400,
              "bad_request",
            );
          });
        });

        it("refuses a malformed multipart body (400)", async () => {
          const res = await app.inject({
            method: "POST",
            url: "/api/support/upload",
            remoteAddress: nextIp(),
            headers: {
              origin: ORIGIN,
              cookie: `${visitorCookie}=${token}`,
              "content-type": "multipart/form-data; boundary=xyz",
            },
            payload:
              '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
          });
          expect([400, 413, 415]).toContain(res.statusCode);
          expect(res.json()).toMatchObject({ status: res.statusCode });
        });
      });

      it("limits uploads per IP (429 after 20 in 10 minutes)", async () => {
        const v = await visitor("busy@studio.example");
        const png = await solid("png", 4, 4);
        const ip = "10.99.99.99";
        for (let i = 0; i < 20; i++) {
          expect((await upload([imagePart(png)], { token: v.token, ip })).statusCode).toBe(200);
        }
        const res = await upload([imagePart(png)], { token: v.token, ip });
        await expectRefused(res, 429, "rate_limited");
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      });
    });

    describe("GET /api/support/uploads/:name", () => {
      let owner: Awaited<ReturnType<typeof visitor>>;
      let url: string;
      let stored: Buffer;

      beforeAll(async () => {
        owner = await visitor("owner@studio.example");
        const res = await upload([imagePart(await solid("gif"), "a.gif", "image/gif")], {
          token: owner.token,
        });
        url = res.json<{ url: string }>().url;
        stored = await storedBytes(url.split("/").pop() ?? "");
      });

      it("serves the owner's image with fixed, safe headers", async () => {
        const res = await fetchImage(url, `${visitorCookie}=${owner.token}`);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(stored)).toBe(true);
        expect(res.headers["content-type"]).toBe("image/gif");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
        expect(res.headers["content-disposition"]).toBe('inline; filename="image.gif"');
        expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
        expect(res.headers["content-length"]).toBe(String(stored.length));
      });

      it("serves it to the owner after the conversation ended", async () => {
        await app.database.db
          .updateTable("chat_conversations")
          .set({ state: "ended", ended_at: Date.now(), ended_by: "visitor" })
          .where("id", "=", owner.conversationId ?? 0)
          .execute();
        const res = await fetchImage(url, `${visitorCookie}=${owner.token}`);
        expect(res.statusCode).toBe(200);
      });

      it("serves it to any signed-in agent", async () => {
        const token = await agentToken("priya@hourline.example");
        const res = await fetchImage(url, `${agentCookie}=${token}`);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(stored)).toBe(true);
        expect(res.headers["content-type"]).toBe("image/gif");
      });

      it("answers another visitor exactly as for a name that does not exist (404)", async () => {
        const other = await visitor("other@studio.example");
        const theirs = await fetchImage(url, `${visitorCookie}=${other.token}`);
        const missing = await fetchImage(
          "/api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.gif",
          `${visitorCookie}=${other.token}`,
        );
        expect(theirs.statusCode).toBe(404);
        expect(missing.statusCode).toBe(404);
        expect(theirs.json()).toEqual(missing.json());
        expect(theirs.json()).toMatchObject({ status: 404, error: { code: "not_found" } });
      });

      it("needs a session (401)", async () => {
        const res = await fetchImage(url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: 401, error: { code: "unauthorized" } });
        const bogus = await fetchImage(url, `${visitorCookie}=${newSessionToken()}`);
        expect(bogus.statusCode).toBe(401);
      });

      it.each([
        "/api/support/uploads/..%2f..%2fhourline.sqlite",
        "/api/support/uploads/..%2F..%2Fhourline.sqlite",
        "/api/support/uploads/%2e%2e%2f%2e%2e%2fhourline.sqlite",
        "/api/support/uploads/..%5c..%5chourline.sqlite",
        "/api/support/uploads/hourline.sqlite",
        "/api/support/uploads/.%2Fhourline.sqlite",
        "/api/support/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png%00.png",
      ])("never serves a file outside the uploads: %s (404)", async (path) => {
        const res = await fetchImage(path, `${visitorCookie}=${owner.token}`);
        expect(res.statusCode).toBe(404);
        expect(res.rawPayload.includes("SQLite format")).toBe(false);
      });

      it("does not route a literal ../ to any file either", async () => {
        for (const path of [
          "/api/support/uploads/../../hourline.sqlite",
          "/api/support/uploads/../uploads/x.png",
        ]) {
          const res = await fetchImage(path, `${visitorCookie}=${owner.token}`);
          expect(res.statusCode).toBe(404);
          expect(res.rawPayload.includes("SQLite format")).toBe(false);
        }
      });
    });

    it("stops reading an oversized upload early: the 413 arrives while the client is still sending", async () => {
      const v = await visitor("stream@studio.example");
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const boundary = "----hourline-stream";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      );
      const total = 60 * 1024 * 1024;
      const chunk = Buffer.alloc(1024 * 1024);
      pngSignature.copy(chunk);

      const result = await new Promise<{ status: number; sent: number; body: string }>(
        (resolve, reject) => {
          let sent = 0;
          let stopped = false;
          const req = httpRequest({
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/support/upload",
            headers: {
              origin: ORIGIN,
              cookie: `${visitorCookie}=${v.token}`,
              "content-type": `multipart/form-data; boundary=${boundary}`,
              "content-length": String(head.length + total + 4 + boundary.length + 4),
            },
          });
          req.on("response", (res) => {
            stopped = true;
            const sentWhenAnswered = sent;
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (d: string) => (body += d));
            res.on("end", () => {
              resolve({ status: res.statusCode ?? 0, sent: sentWhenAnswered, body });
              req.destroy();
            });
          });
          req.on("error", (error) => {
            if (!stopped) reject(error);
          });
          req.write(head);
          const pump = () => {
            while (!stopped && sent < total) {
              sent += chunk.length;
              if (!req.write(chunk)) {
                req.once("drain", () => setTimeout(pump, 1));
                return;
              }
            }
            if (!stopped) req.end(`\r\n--${boundary}--\r\n`);
          };
          pump();
        },
      );
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ status: 413, error: { code: "too_large" } });
      // Answered after about 25 MB of the 60 MB, not after the whole body.
      expect(result.sent).toBeGreaterThanOrEqual(chatLimits.uploadBytes - 8 * 1024 * 1024);
      expect(result.sent).toBeLessThan(total);
      // The refused connection does not linger: the server lets go once the client has.
      const connections = () =>
        new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)));
      for (let i = 0; i < 50 && (await connections()) > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await connections()).toBe(0);
    }, 60_000);
  });
}
