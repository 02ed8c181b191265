import { describe, expect, it, vi } from "vitest";
import type { Failed } from "../api/console-client";
import { applyFieldErrors } from "./form-errors";

type PasswordForm = { current_password: string; new_password: string; confirm: string };

const refused = (fields?: Record<string, string>): Failed => ({
  ok: false,
  status: 400,
  error: {
    code: "validation_failed",
    message: "Some fields need attention.",
    ...(fields ? { fields } : {}),
  },
});

describe("applyFieldErrors", () => {
  it("puts every named field's problem under that field, not just the first", () => {
    const setError = vi.fn();
    const named = applyFieldErrors<PasswordForm>(
      refused({ current_password: "Not correct.", new_password: "Too short." }),
      ["current_password", "new_password"],
      setError,
    );
    expect(named).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["current_password", { type: "server", message: "Not correct." }],
      ["new_password", { type: "server", message: "Too short." }],
    ]);
  });

  it("leaves fields the form does not have to the caller", () => {
    const setError = vi.fn();
    expect(
      applyFieldErrors<PasswordForm>(refused({ token: "Expired." }), ["confirm"], setError),
    ).toBe(false);
    expect(applyFieldErrors<PasswordForm>(refused(), ["confirm"], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
