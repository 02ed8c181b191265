import { afterEach, describe, expect, it, vi } from "vitest";
import { sendContactMessage } from "./send-contact-message";

const values = {
  name: "Meera",
  email: "meera@clinic.example",
  phone_numbers: undefined,
  message: "Hello",
  website: "",
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));
}

afterEach(() => vi.unstubAllGlobals());

describe("sendContactMessage", () => {
  it("posts the values as JSON to the contact endpoint", async () => {
    const fetch = answer(200, { status: 200 });
    vi.stubGlobal("fetch", fetch);
    expect(await sendContactMessage(values)).toEqual({ kind: "sent" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/support/contact_us");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Meera",
      email: "meera@clinic.example",
      message: "Hello",
      website: "",
    });
  });

  it("does not count a 200 without the contract's body as sent", async () => {
    vi.stubGlobal("fetch", answer(200, { ok: true }));
    expect((await sendContactMessage(values)).kind).toBe("failed");
  });

  it("says when to try again after a 429, from Retry-After in seconds or as a date", async () => {
    const body = { status: 429, error: { code: "rate_limited", message: "Too many requests." } };
    vi.stubGlobal("fetch", answer(429, body, { "retry-after": "540" }));
    expect(await sendContactMessage(values)).toMatchObject({
      kind: "rate_limited",
      message: expect.stringContaining("Please try again in 9 minutes."),
    });
    const inTwoMinutes = new Date(Date.now() + 119_000).toUTCString();
    vi.stubGlobal("fetch", answer(429, body, { "retry-after": inTwoMinutes }));
    expect((await sendContactMessage(values)) as { message: string }).toMatchObject({
      message: expect.stringMatching(/try again in (1|2) minutes?\./),
    });
    vi.stubGlobal("fetch", answer(429, body));
    expect(await sendContactMessage(values)).toMatchObject({
      message: expect.stringContaining("Please try again a little later."),
    });
  });

  it("hands the server's field errors to the form", async () => {
    const fields = { email: "Please enter a valid e-mail address, like name@company.com." };
    vi.stubGlobal(
      "fetch",
      answer(400, { status: 400, error: { code: "validation_failed", message: "Check", fields } }),
    );
    expect(await sendContactMessage(values)).toEqual({ kind: "invalid", fields, message: "Check" });
  });

  it("reports a server error and a lost connection as failures to retry", async () => {
    vi.stubGlobal("fetch", answer(500, { status: 500, error: { code: "internal", message: "x" } }));
    expect((await sendContactMessage(values)).kind).toBe("failed");
    vi.stubGlobal("fetch", answer(502, "<html>Bad gateway</html>"));
    expect((await sendContactMessage(values)).kind).toBe("failed");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await sendContactMessage(values)).toMatchObject({
      kind: "failed",
      message: expect.stringContaining("could not reach our server"),
    });
  });
});
