import { describe, expect, it } from "vitest";
import { registerBodySchema } from "./chat-api";
import { updateProfileBodySchema } from "./console";
import { contactRequestSchema } from "./contact";
import { isolateText, stripDirectionOverrides, stripFormatControls } from "./text";

const controls = [
  "\u202E",
  "\u202D",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200B",
  "\u200E",
  "\u200F",
  "\u061C",
  "\uFEFF",
  "\u2060",
];

describe("names", () => {
  it.each([
    "=?utf-8?B?U3VwcG9ydCBUZWFt?=",
    "Asha =?UTF-8?Q?Support_Team?= Rao",
    "=?iso-8859-1*en?q?Caf=E9?=",
  ])("refuse the RFC 2047 encoded word in %s", (name) => {
    expect(registerBodySchema.safeParse({ username: name, email: "a@b.example" }).success).toBe(
      false,
    );
    expect(updateProfileBodySchema.safeParse({ name }).success).toBe(false);
    expect(
      contactRequestSchema.safeParse({ name, email: "a@b.example", message: "Hi" }).success,
    ).toBe(false);
  });

  it("keep names that only look a little like one", () => {
    for (const name of ["Asha = Rao", "Who? Me?", "A=?B"]) {
      expect(registerBodySchema.parse({ username: name, email: "a@b.example" }).username).toBe(
        name,
      );
    }
  });

  it.each(controls.map((c) => [c.codePointAt(0)?.toString(16), c]))(
    "drop U+%s wherever it stands",
    (_code, control) => {
      const typed = `${control}Asha${control} Rao${control}`;
      expect(registerBodySchema.parse({ username: typed, email: "a@b.example" }).username).toBe(
        "Asha Rao",
      );
      expect(updateProfileBodySchema.parse({ name: typed }).name).toBe("Asha Rao");
      const contact = contactRequestSchema.parse({
        name: typed,
        email: "a@b.example",
        message: "Hi",
      });
      expect(contact.name).toBe("Asha Rao");
    },
  );

  it("keep the joiners that shape letters and emoji", () => {
    expect(stripFormatControls("می\u200Cخواهم 👩\u200D💻")).toBe("می\u200Cخواهم 👩\u200D💻");
  });

  it("refuse a name made only of controls as an empty one", () => {
    const result = registerBodySchema.safeParse({
      username: "\u202E\u200B ",
      email: "a@b.example",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Name is required.");
  });

  it("are isolated in plain text, without the controls they came with", () => {
    expect(isolateText("\u202Eevil")).toBe("\u2068evil\u2069");
  });

  it("message text loses overrides and isolates but keeps the marks", () => {
    expect(stripDirectionOverrides("a\u202Eb\u2067c\u200Fd")).toBe("abc\u200Fd");
  });
});
