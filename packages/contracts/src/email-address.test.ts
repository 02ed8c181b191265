import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chatEmailBodySchema } from "./chat-api";
import { createAgentBodySchema } from "./console";
import { contactRequestSchema } from "./contact";
import { emailAddressProblem, isEmailAddress, mailtoHref, normalizeEmail } from "./email-address";

describe("the e-mail address rule", () => {
  it.each([
    "asha@studio.example",
    "a#b@example.com",
    "o'brien@mail.example.co",
    "first.last+tag@sub.mail.example.com",
    "UPPER@EXAMPLE.COM",
    "x@xn--bcher-kva.example",
    "a!#$%&'*+/=?^_`{|}~-z@example.org",
    `${"l".repeat(64)}@example.com`,
  ])("accepts %s", (address) => {
    expect(emailAddressProblem(address)).toBeUndefined();
  });

  it.each([
    ["", "empty"],
    ["jörg@example.de", "not_ascii"],
    ["asha@stüdio.example", "not_ascii"],
    ["a b@example.com", "format"],
    ["a@example", "format"],
    ["a@example.c", "format"],
    ["a@example.123", "format"],
    ["a..b@example.com", "format"],
    [".a@example.com", "format"],
    ["a.@example.com", "format"],
    ["a@-example.com", "format"],
    ["a@example-.com", "format"],
    ["a@exa_mple.com", "format"],
    ["a@example..com", "format"],
    ["@example.com", "format"],
    ["a@", "format"],
    ["a(b)@example.com", "format"],
    ['"a"@example.com', "format"],
    ["a@b@example.com", "format"],
    ["a\n@example.com", "format"],
    [`${"l".repeat(65)}@example.com`, "format"],
    [`a@${"d".repeat(64)}.com`, "format"],
    [`a@${"d.".repeat(126)}com`, "too_long"],
  ])("refuses %j (%s)", (address, problem) => {
    expect(emailAddressProblem(address)).toBe(problem);
  });

  it("answers in linear time on the longest inputs a form takes", () => {
    const long = ["a.".repeat(5000), "@".repeat(10000), `${"a".repeat(9000)}@${"b-".repeat(500)}`];
    for (const value of long) expect(isEmailAddress(value)).toBe(false);
  });

  it("is the rule of every form: chat, contact and agents agree on every address", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.emailAddress(),
          fc.string({ maxLength: 80 }),
          fc.string({ unit: "grapheme", maxLength: 40 }),
        ),
        (raw) => {
          const ok = isEmailAddress(raw.trim());
          expect(chatEmailBodySchema.safeParse({ email: raw }).success).toBe(ok);
          const contact = contactRequestSchema.safeParse({
            name: "N",
            email: raw,
            message: "Hello",
          });
          expect(contact.success).toBe(ok);
          const agent = createAgentBodySchema.safeParse({
            email: raw,
            name: "N",
            role: "agent",
            password: "a-long-enough-password",
          });
          expect(agent.success).toBe(ok);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("gives each form its own words, with a clear one for letters outside ASCII", () => {
    const chat = chatEmailBodySchema.safeParse({ email: "jörg@example.de" });
    expect(chat.success).toBe(false);
    expect(chat.error?.issues[0]?.message).toBe("Invalid email format");
    const contact = contactRequestSchema.safeParse({
      name: "Jörg",
      email: "jörg@example.de",
      message: "Hello",
    });
    expect(contact.error?.issues[0]?.message).toContain("letters a-z");
  });

  it("normalizes by trimming and lower-casing", () => {
    expect(normalizeEmail("  Asha@Studio.Example ")).toBe("asha@studio.example");
  });
});

describe("mailtoHref", () => {
  it("addresses only the address, whatever characters it holds", () => {
    const href = mailtoHref("a?bcc=x%40evil.example&cc=y@b.example");
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(url.search).toBe("");
    expect(decodeURIComponent(url.pathname)).toBe("a?bcc=x%40evil.example&cc=y@b.example");
  });

  it("adds subject and body as escaped fields", () => {
    const href = mailtoHref("a#b@example.com", { subject: "Re: hi & bye", body: "Line 1\nLine 2" });
    expect(href).toBe(
      "mailto:a%23b@example.com?subject=Re%3A%20hi%20%26%20bye&body=Line%201%0ALine%202",
    );
    const url = new URL(href);
    expect(url.searchParams.get("subject")).toBe("Re: hi & bye");
  });
});
