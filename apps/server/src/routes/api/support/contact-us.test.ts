/**
 * POST /api/support/contact_us through the whole app (app.inject): stored before the answer with
 * its notification in the outbox, the API's error envelope for every refusal, the honeypot, the
 * rate limit, and the plain form post: a 303 to the site's thank-you page, or the site's check page
 * with the visitor's values and what needs fixing.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresFor, stores, testAppOn } from "../../../../test/helpers";
import { listContactMessages } from "../../../repositories/contact-messages";
import { listMail } from "../../../repositories/mail-outbox";

const valid = {
  name: "Asha Kulkarni",
  email: "asha@studio.example",
  phone_numbers: "+91 20 4120 7788",
  message: "We are 40 people. Could we see the leave module in a demo?",
};

function post(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/support/contact_us",
    headers: { "user-agent": "Vitest/4 (contact tests)", ...headers },
    ...(typeof payload === "string" ? { payload } : { payload: payload as object }),
  });
}

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

const pgUp = await postgresFor("the contact form tests");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`the contact form (${store.name})`, () => {
    describe("POST /api/support/contact_us", () => {
      let app: FastifyInstance;
      beforeAll(async () => {
        app = await testAppOn(
          store,
          {},
          { contactUs: { rateLimit: { max: 1000, timeWindowMs: 60_000 } } },
        );
      });
      afterAll(() => app.close());

      async function stored() {
        return listContactMessages(app.database.db);
      }

      it("stores the message and its notification before answering 200", async () => {
        const before = Date.now();
        const res = await post(app, { ...valid, name: "  Asha Kulkarni  " });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ status: 200 });

        // Nothing waits: the row and its mail exist the moment the answer is out.
        const [message] = await stored();
        expect(message).toMatchObject({
          name: "Asha Kulkarni",
          email: valid.email,
          phone: valid.phone_numbers,
          message: valid.message,
          userAgent: "Vitest/4 (contact tests)",
          handled: false,
        });
        expect(message?.receivedAt).toBeGreaterThanOrEqual(before);
        expect(message?.receivedAt).toBeLessThanOrEqual(Date.now());
        expect(message?.ipHash).toMatch(/^[0-9a-f]{64}$/);
        expect(message?.ipHash).not.toContain("127.0.0.1");

        const mail = (await listMail(app.database.db)).find((m) => m.text.includes(valid.message));
        expect(mail).toMatchObject({
          kind: "contact_notification",
          to: "support@hourline.example",
          replyTo: { name: "Asha Kulkarni", address: valid.email },
          subject: "Contact form: Asha Kulkarni",
        });
      });

      it("hashes the same IP to the same value, with a secret that is made once", async () => {
        await post(app, valid);
        const hashes = new Set((await stored()).map((m) => m.ipHash));
        expect(hashes.size).toBe(1);
        const secrets = await app.database.db
          .selectFrom("app_settings")
          .select("value")
          .where("key", "=", "contact.ip_hash_secret")
          .execute();
        expect(secrets).toHaveLength(1);
        expect(secrets[0]?.value.length).toBeGreaterThanOrEqual(40);
      });

      it("stores a message holding NUL characters without them (PostgreSQL cannot hold them)", async () => {
        const res = await post(app, { ...valid, message: "Call me\u0000 back\u0000" });
        expect(res.statusCode).toBe(200);
        const newest = (await stored()).find((m) => m.message.startsWith("Call me"));
        expect(newest?.message).toBe("Call me back");
        const onlyNul = await post(app, { ...valid, message: "\u0000\u0000" });
        expect(onlyNul.statusCode).toBe(400);
        expect(onlyNul.json()).toMatchObject({
          error: { fields: { message: "Please write your message." } },
        });
      });

      it("takes a message without a phone number", async () => {
        const res = await post(app, { name: "Ravi", email: "ravi@shop.example", message: "Hello" });
        expect(res.statusCode).toBe(200);
        expect((await stored())[0]).toMatchObject({ name: "Ravi", phone: null });
      });

      it("answers 400 with a message for each invalid field and stores nothing", async () => {
        const count = (await stored()).length;
        const res = await post(app, {
          name: "",
          email: "not-an-address",
          phone_numbers: "call me",
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          status: 400,
          error: {
            code: "validation_failed",
            message: "Some fields need your attention.",
            fields: {
              name: "Please enter your name.",
              email: "Please enter a valid e-mail address, like name@company.com.",
              phone_numbers: "Please use only digits, spaces and the characters + ( ) -.",
              message: "Please write your message.",
            },
          },
        });
        expect(await stored()).toHaveLength(count);
      });

      it("refuses CR/LF in the name, so nothing can reach a mail header", async () => {
        const count = (await listMail(app.database.db)).length;
        const res = await post(app, { ...valid, name: "Asha\r\nBcc: everyone@victim.example" });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({
          name: "Please use only letters, spaces and punctuation.",
        });
        expect(await listMail(app.database.db)).toHaveLength(count);
      });

      it("ignores unknown fields", async () => {
        const res = await post(app, { ...valid, isAdmin: true, handled: 1, id: 99999 });
        expect(res.statusCode).toBe(200);
        const [message] = await stored();
        expect(message?.handled).toBe(false);
        expect(message?.id).not.toBe(99999);
      });

      it("answers a filled honeypot like a success, and stores and mails nothing", async () => {
        const messages = (await stored()).length;
        const mails = (await listMail(app.database.db)).length;
        for (const website of ["https://cheap-pills.example", "x"]) {
          const res = await post(app, { ...valid, website });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ status: 200 });
        }
        // Even a bot's invalid message gets the success answer: nothing tells it what gave it away.
        expect((await post(app, { website: "x" })).json()).toEqual({ status: 200 });
        const plain = await post(app, form({ ...valid, website: "spam" }), FORM);
        expect(plain.statusCode).toBe(303);
        expect(plain.headers.location).toBe("/contact-us/thanks");
        await app.mailer.drain();
        expect(await stored()).toHaveLength(messages);
        expect(await listMail(app.database.db)).toHaveLength(mails);
      });

      it("treats an empty honeypot as a person's message", async () => {
        const res = await post(app, { ...valid, website: "" });
        expect(res.statusCode).toBe(200);
        expect((await stored())[0]?.message).toBe(valid.message);
      });

      it.each([
        [
          "malformed JSON",
          '{"name": "Asha",',
          { "content-type": "application/json" },
          400,
          "bad_request",
        ],
        [
          "a JSON array",
          "[1,2,3]",
          { "content-type": "application/json" },
          400,
          "validation_failed",
        ],
        [
          "a JSON string",
          '"hello"',
          { "content-type": "application/json" },
          400,
          "validation_failed",
        ],
        ["JSON null", "null", { "content-type": "application/json" }, 400, "validation_failed"],
        ["no body at all", "", {}, 400, "validation_failed"],
        [
          "text/plain",
          "name=Asha",
          { "content-type": "text/plain" },
          415,
          "unsupported_media_type",
        ],
        ["XML", "<name/>", { "content-type": "application/xml" }, 415, "unsupported_media_type"],
        [
          "__proto__ pollution",
          '{"name":"A","email":"a@b.example","message":"m","__proto__":{"admin":true}}',
          { "content-type": "application/json" },
          400,
          "bad_request",
        ],
        [
          "constructor.prototype pollution",
          '{"name":"A","email":"a@b.example","message":"m","constructor":{"prototype":{"admin":true}}}',
          { "content-type": "application/json" },
          400,
          "bad_request",
        ],
      ])("answers %s in the envelope", async (_label, body, headers, status, code) => {
        const res = await post(app, body, headers);
        expect(res.statusCode).toBe(status);
        const json = res.json();
        expect(json.status).toBe(status);
        expect(json.error.code).toBe(code);
        expect(typeof json.error.message).toBe("string");
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      });

      it("answers 413 in the envelope for a body over the limit", async () => {
        const res = await post(app, { ...valid, message: "x".repeat(70 * 1024) });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ status: 413, error: { code: "too_large" } });
      });

      it("answers 413 too_large, as over the body limit, for a message over 5,000 characters", async () => {
        const res = await post(app, { ...valid, message: "x".repeat(5001) });
        expect(res.statusCode).toBe(413);
        expect(res.json().error.code).toBe("too_large");
        expect(res.json().error.fields.message).toContain("5,000");
      });

      it("answers other methods with the API's 404, never the HTML page", async () => {
        const res = await app.inject({ method: "GET", url: "/api/support/contact_us" });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 404 });
      });
    });

    describe("the form posted without JavaScript", () => {
      let app: FastifyInstance;
      beforeAll(async () => {
        app = await testAppOn(store);
      });
      afterAll(() => app.close());

      it("stores the message and sends the browser on to the site's thank-you page (303)", async () => {
        const res = await post(app, form(valid), FORM);
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe("/contact-us/thanks");
        expect(res.body).toBe("");
        const [message] = await listContactMessages(app.database.db);
        expect(message).toMatchObject({
          name: valid.name,
          email: valid.email,
          message: valid.message,
        });

        // Where it lands: a page of the site, with its header and footer, never indexed.
        const thanks = await app.inject({ url: res.headers.location });
        expect(thanks.statusCode).toBe(200);
        expect(thanks.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(thanks.body).toMatch(/<h1[^>]*>Thank You!<\/h1>/);
        expect(thanks.body).toContain("Your message was sent. Our team will get back to you soon.");
        expect(thanks.body).toContain('<meta name="robots" content="noindex"/>');
        expect(thanks.body).toMatch(/<header[\s\S]*href="\/pricing"[\s\S]*<\/header>/);
        expect(thanks.body).toMatch(/<footer[\s\S]*href="\/terms"[\s\S]*<\/footer>/);
        expect(thanks.body).not.toContain('rel="canonical"');
      });

      it("answers a refused post with the site's check page: each problem and the visitor's values, escaped", async () => {
        const count = (await listContactMessages(app.database.db)).length;
        const res = await post(
          app,
          form({
            name: '<img src=x onerror="alert(1)">',
            email: "asha@",
            phone_numbers: "+91 20 4120 7788",
            message: "Keep this text",
          }),
          FORM,
        );
        expect(res.statusCode).toBe(400);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.headers["cache-control"]).toBe("no-store");
        expect(res.headers["x-robots-tag"]).toBe("noindex");
        expect(res.body).toMatch(/<h1[^>]*>Please check your message<\/h1>/);
        expect(res.body).toMatch(/<header[\s\S]*href="\/pricing"[\s\S]*<\/header>/);
        expect(res.body).toContain("Please enter a valid e-mail address");
        expect(res.body).toMatch(/<textarea [^>]*>Keep this text<\/textarea>/);
        expect(res.body).toMatch(/id="contact-phone_numbers"[^>]*value="\+91 20 4120 7788"/);
        expect(res.body).toContain('value="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"');
        expect(res.body).not.toContain("<img src=x");
        expect(res.body).toMatch(/id="contact-email"[^>]*aria-invalid="true"/);
        expect(res.body).toContain('<a href="#contact-email"');
        // The form posts to the same endpoint again.
        expect(res.body).toContain('<form method="post" action="/api/support/contact_us"');
        expect(await listContactMessages(app.database.db)).toHaveLength(count);
      });

      it("serves the check page with the site's policy: only the page's own scripts, forms to us", async () => {
        const res = await post(app, form({ name: "" }), FORM);
        const page = await app.inject({ url: "/contact-us/check" });
        expect(page.statusCode).toBe(200);
        const csp = String(res.headers["content-security-policy"]);
        expect(csp).toBe(page.headers["content-security-policy"]);
        expect(csp).toContain("form-action 'self'");
        expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
        expect(csp).toMatch(/script-src 'self'/);
      });

      it("says why a post too large to read was refused, on the same page", async () => {
        const res = await post(app, form({ ...valid, message: "x".repeat(70_000) }), FORM);
        expect(res.statusCode).toBe(413);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.body).toContain("That message is too long");
        expect(res.body).toMatch(/<h1[^>]*>Please check your message<\/h1>/);
      });
    });

    describe("rate limit", () => {
      it("answers 429 with Retry-After once a client has sent enough", async () => {
        const app = await testAppOn(
          store,
          {},
          { contactUs: { rateLimit: { max: 2, timeWindowMs: 600_000 } } },
        );
        try {
          expect((await post(app, valid)).statusCode).toBe(200);
          expect((await post(app, valid)).statusCode).toBe(200);
          const res = await post(app, valid);
          expect(res.statusCode).toBe(429);
          expect(Number(res.headers["retry-after"])).toBeGreaterThan(590);
          expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(600);
          expect(res.json()).toEqual({
            status: 429,
            error: {
              code: "rate_limited",
              message: "Too many requests. Please try again in 10 minutes.",
            },
          });
          expect(await listContactMessages(app.database.db)).toHaveLength(2);

          // The plain form gets the check page saying the same. The limit is counted before the
          // body is read, so there are no values to keep: the form is empty.
          const page = await post(app, form(valid), FORM);
          expect(page.statusCode).toBe(429);
          expect(page.headers["retry-after"]).toBeDefined();
          expect(page.body).toContain("Please try again in 10 minutes.");
          expect(page.body).toContain("Please wait a little");
          expect(page.body).toMatch(/<textarea [^>]*><\/textarea>/);

          // Another client is not affected.
          const other = await app.inject({
            method: "POST",
            url: "/api/support/contact_us",
            payload: valid,
            remoteAddress: "203.0.113.7",
          });
          expect(other.statusCode).toBe(200);
        } finally {
          await app.close();
        }
      });

      it("counts the client behind a trusted proxy by X-Forwarded-For", async () => {
        const app = await testAppOn(
          store,
          { TRUST_PROXY: "127.0.0.1" },
          { contactUs: { rateLimit: { max: 1, timeWindowMs: 60_000 } } },
        );
        try {
          const from = (ip: string) => post(app, valid, { "x-forwarded-for": ip });
          expect((await from("198.51.100.1")).statusCode).toBe(200);
          expect((await from("198.51.100.2")).statusCode).toBe(200);
          expect((await from("198.51.100.1")).statusCode).toBe(429);
          const hashes = new Set((await listContactMessages(app.database.db)).map((m) => m.ipHash));
          expect(hashes.size).toBe(2);
        } finally {
          await app.close();
        }
      });
    });
  });
}
