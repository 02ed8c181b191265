import { describe, expect, it } from "vitest";
import { fieldErrors } from "./api-error";
import { contactLimits, contactRequestSchema, isHoneypotFilled } from "./contact";

const valid = {
  name: "Asha Kulkarni",
  email: "asha@studio.example",
  phone_numbers: "+91 (20) 4120-7788",
  message: "We are 40 people and would like a demo of the leave module.",
};

function problems(body: unknown) {
  const result = contactRequestSchema.safeParse(body);
  if (result.success) return {};
  return fieldErrors(result.error);
}

describe("contact request schema", () => {
  it("accepts a complete message and trims every field", () => {
    const parsed = contactRequestSchema.parse({
      name: "  Asha  ",
      email: " asha@studio.example ",
      phone_numbers: " 020 4120 7788 ",
      message: "\n Hello \n",
    });
    expect(parsed).toEqual({
      name: "Asha",
      email: "asha@studio.example",
      phone_numbers: "020 4120 7788",
      message: "Hello",
    });
  });

  it("treats the phone number as optional: absent, null and blank all mean none", () => {
    for (const phone_numbers of [undefined, null, "", "   "]) {
      expect(contactRequestSchema.parse({ ...valid, phone_numbers }).phone_numbers).toBeUndefined();
    }
  });

  it("names each missing field with its own message", () => {
    expect(problems({})).toEqual({
      name: "Please enter your name.",
      email: "Please enter your e-mail address.",
      message: "Please write your message.",
    });
    expect(problems({ name: " ", email: "", message: "\n" })).toEqual({
      name: "Please enter your name.",
      email: "Please enter your e-mail address.",
      message: "Please write your message.",
    });
  });

  it.each([
    ["asha", "valid e-mail"],
    ["asha@localhost", "valid e-mail"],
    ["asha@studio.example\r\nBcc: x@y.example", "valid e-mail"],
    [`${"a".repeat(250)}@b.example`, "too long"],
  ])("refuses the e-mail address %j", (email, reason) => {
    expect(problems({ ...valid, email }).email).toContain(reason);
  });

  it.each([
    ["call me", "only digits"],
    ["12", "too short"],
    ["1".repeat(contactLimits.phone + 1), "30 characters"],
  ])("refuses the phone number %j", (phone_numbers, reason) => {
    expect(problems({ ...valid, phone_numbers }).phone_numbers).toContain(reason);
  });

  it("refuses line breaks and control characters in a name", () => {
    for (const name of [
      "Asha\r\nBcc: x@y.example",
      "Asha\nK",
      "A\u0000B",
      "A\u2028B",
      "A\u0085B",
    ]) {
      expect(problems({ ...valid, name }).name).toBe(
        "Please use only letters, spaces and punctuation.",
      );
    }
  });

  it("keeps line breaks in the message, which is prose", () => {
    expect(contactRequestSchema.parse({ ...valid, message: "Line 1\r\nLine 2" }).message).toBe(
      "Line 1\r\nLine 2",
    );
  });

  it("drops NUL characters from the message, and a message of nothing else is missing", () => {
    expect(contactRequestSchema.parse({ ...valid, message: "Hi\u0000 there\u0000" }).message).toBe(
      "Hi there",
    );
    expect(problems({ ...valid, message: " \u0000\u0000 " })).toEqual({
      message: "Please write your message.",
    });
  });

  it("enforces the upper bounds", () => {
    expect(problems({ ...valid, name: "n".repeat(contactLimits.name) })).toEqual({});
    expect(problems({ ...valid, name: "n".repeat(contactLimits.name + 1) }).name).toContain("100");
    expect(problems({ ...valid, message: "m".repeat(contactLimits.message) })).toEqual({});
    expect(problems({ ...valid, message: "m".repeat(contactLimits.message + 1) }).message).toBe(
      "Please keep your message to 5,000 characters or fewer.",
    );
  });

  it("refuses wrong types with the field's message and ignores unknown fields", () => {
    expect(problems({ ...valid, name: 42 }).name).toBe("Please enter your name.");
    expect(problems({ ...valid, message: ["a"] }).message).toBe("Please write your message.");
    const parsed = contactRequestSchema.parse({ ...valid, role: "admin", isAdmin: true });
    expect(parsed).not.toHaveProperty("role");
    expect(parsed).not.toHaveProperty("isAdmin");
  });
});

describe("honeypot", () => {
  it.each([
    [{ ...valid }, false],
    [{ ...valid, website: "" }, false],
    [{ ...valid, website: "  " }, false],
    [{ ...valid, website: null }, false],
    [{ ...valid, website: "https://spam.example" }, true],
    [{ ...valid, website: 1 }, true],
    [{ ...valid, website: ["x"] }, true],
    ["not an object", false],
    [null, false],
  ])("%j is filled: %s", (body, filled) => {
    expect(isHoneypotFilled(body)).toBe(filled);
  });
});
