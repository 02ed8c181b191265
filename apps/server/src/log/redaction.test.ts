import { describe, expect, it } from "vitest";
import { maskEmail, redactUrl } from "./redaction";

describe("log redaction", () => {
  it("replaces every path segment and query value holding an address", () => {
    expect(redactUrl("/api/support/get_message/asha@studio.example/?after=12")).toBe(
      "/api/support/get_message/[email]/?after=12",
    );
    expect(redactUrl("/ws/support/asha%40studio.example/")).toBe("/ws/support/[email]/");
    expect(redactUrl("/ws/support/ASHA%40Studio.Example")).toBe("/ws/support/[email]");
    expect(redactUrl("/x?email=a%40b.example&page=2&c@d")).toBe("/x?email=[email]&page=2&[email]");
    expect(redactUrl("/pricing")).toBe("/pricing");
    expect(redactUrl("/help?")).toBe("/help?");
  });

  it("masks the tokens of the rating and resume links", () => {
    const token = "kQ3v9u8n2xW1aB4cD5eF6gH7iJ8kL9mN0oP1qR2sT3u";
    expect(redactUrl(`/chat/rating?token=${token}`)).toBe("/chat/rating?token=[token]");
    expect(redactUrl(`/chat/resume?x=1&TOKEN=${token}`)).toBe("/chat/resume?x=1&TOKEN=[token]");
    expect(redactUrl(`/api/support/rating?rating_token=${token}`)).toBe(
      "/api/support/rating?rating_token=[token]",
    );
  });

  it("masks an address to its first letter and domain", () => {
    expect(maskEmail("asha@studio.example")).toBe("a***@studio.example");
    expect(maskEmail("nonsense")).toBe("***");
  });
});
