/**
 * Hostile bodies, generated: whatever a client sends to the contact endpoint, the answer is a 2xx or
 * a 4xx in the API's envelope, never a 5xx, and nothing with a line break in a header is stored.
 */
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresFor, stores, testAppOn } from "../../../../test/helpers";
import { listMail } from "../../../repositories/mail-outbox";

const URL = "/api/support/contact_us";

const hostileString = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(
    "",
    " ",
    "\r\n",
    "Asha\r\nBcc: all@victim.example",
    "Asha\nSubject: hi",
    "\u0000",
    "\u2028",
    "=?utf-8?q?=0D=0ABcc:_x@y.example?=",
    "<script>alert(1)</script>",
    "'; drop table contact_messages; --",
    "a@b.example\r\nBcc: c@d.example",
    "__proto__",
    "constructor",
  ),
  fc.string({ minLength: 5000, maxLength: 70_000 }).map((s) => s.slice(0, 70_000)),
);

const fieldValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

const field = fc.constantFrom(
  "name",
  "email",
  "phone_numbers",
  "message",
  "website",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
);

/** Objects shaped like the contact body, with hostile values and keys. */
const contactLike = fc.dictionary(fc.oneof(field, hostileString), fieldValue, { maxKeys: 8 });

/** Bodies that are nearly right: many pass, with hostile text wherever the schema lets it through. */
const nearlyValid = fc.record(
  {
    name: fc.oneof(
      fc.constantFrom("Asha", "Zoë O'Brien-Ñúñez", "李雷", '"Quoted" <angle@brackets.example>'),
      hostileString,
    ),
    email: fc.oneof(
      fc.stringMatching(/^[a-z0-9][a-z0-9_+'-]{0,20}@[a-z0-9]{1,10}\.(com|in|example)$/),
      hostileString,
    ),
    phone_numbers: fc.oneof(fc.constantFrom("+91 (20) 4120-7788", ""), hostileString),
    message: fc.oneof(fc.string({ minLength: 1, maxLength: 300 }), hostileString),
    website: fc.constantFrom("", undefined),
  },
  { requiredKeys: ["name", "email", "message"] },
);

/** Raw text sent as JSON: valid JSON of any shape, or not JSON at all. */
const rawBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  contactLike.map((o) => JSON.stringify(o)),
  // Own __proto__ keys survive JSON.stringify only when written by hand.
  fc
    .tuple(hostileString, fieldValue)
    .map(([v, p]) => `{"name":${JSON.stringify(v)},"__proto__":${JSON.stringify(p) ?? "null"}}`),
  fc.string({ unit: "binary", maxLength: 300 }),
);

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "",
);

const pgUp = await postgresFor("the contact form property tests");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`the contact form under hostile input (${store.name})`, () => {
    describe("hostile bodies to POST /api/support/contact_us", () => {
      let app: FastifyInstance;
      beforeAll(async () => {
        app = await testAppOn(
          store,
          {},
          { contactUs: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } } },
        );
      });
      afterAll(() => app.close());

      function expectWellFormed(res: Awaited<ReturnType<FastifyInstance["inject"]>>) {
        expect(res.statusCode).toBeLessThan(500);
        if (res.headers["content-type"]?.toString().startsWith("application/json")) {
          const json = res.json();
          expect(json.status).toBe(res.statusCode);
          if (res.statusCode >= 400) {
            expect(typeof json.error.code).toBe("string");
            expect(typeof json.error.message).toBe("string");
          }
        } else if (res.statusCode === 303) {
          // A form post that was taken is sent on to the thank-you page.
          expect(res.headers.location).toBe("/contact-us/thanks");
        } else {
          // Only form posts are answered with a page.
          expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        }
      }

      it("never answers 5xx to a JSON object of any shape", async () => {
        await fc.assert(
          fc.asyncProperty(fc.oneof(contactLike, nearlyValid), async (body) => {
            const res = await app.inject({ method: "POST", url: URL, payload: body });
            expectWellFormed(res);
          }),
          { numRuns: 300 },
        );
      });

      it("never answers 5xx to any bytes under any content type", async () => {
        await fc.assert(
          fc.asyncProperty(rawBody, contentType, async (body, type) => {
            const res = await app.inject({
              method: "POST",
              url: URL,
              payload: body,
              headers: type ? { "content-type": type } : {},
            });
            expectWellFormed(res);
          }),
          { numRuns: 300 },
        );
      });

      it("never answers 5xx to a form post of hostile fields", async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.tuple(fc.oneof(field, hostileString), hostileString)),
            async (pairs) => {
              const res = await app.inject({
                method: "POST",
                url: URL,
                payload: new URLSearchParams(pairs).toString(),
                headers: { "content-type": "application/x-www-form-urlencoded" },
              });
              expectWellFormed(res);
            },
          ),
          { numRuns: 200 },
        );
      });

      it("stores no mail whose headers hold a line break or a control character", async () => {
        // Enough nearly valid bodies get through for this to mean something, whatever the runs above
        // happened to draw: more are sent until over 20 mails are stored (about one in eight passes).
        let stored = (await listMail(app.database.db, { limit: 100_000 })).length;
        for (const body of fc.sample(nearlyValid, 1000)) {
          if (stored > 20) break;
          const res = await app.inject({ method: "POST", url: URL, payload: body });
          expectWellFormed(res);
          if (res.statusCode === 200) stored += 1;
        }
        const mails = await listMail(app.database.db, { limit: 100_000 });
        expect(mails.length).toBeGreaterThan(20);
        for (const mail of mails) {
          for (const value of [
            mail.to,
            mail.subject,
            mail.replyTo?.name ?? "",
            mail.replyTo?.address ?? "",
          ]) {
            const controls = [...value].filter((ch) => {
              const code = ch.codePointAt(0) ?? 0;
              return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
            });
            expect(controls, JSON.stringify(value)).toEqual([]);
          }
        }
      });
    });
  });
}
