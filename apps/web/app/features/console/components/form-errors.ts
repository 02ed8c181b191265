/**
 * A server's refusal of a console form, shown where it belongs: each field's problem under that
 * field, anything else above the form (by the caller).
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { Failed } from "../api/console-client";
import type { Outcome } from "../route-data/screen-data";

/**
 * Puts the server's message for each of `names` under its field, every one of them. True when at
 * least one was about a field of the form; false when none was, and the caller shows the failure
 * as a whole instead.
 */
export function applyFieldErrors<F extends FieldValues>(
  result: Failed | Extract<Outcome<unknown>, { ok: false }>,
  names: readonly Path<F>[],
  setError: UseFormSetError<F>,
): boolean {
  const fields = ("error" in result ? result.error.fields : result.fields) ?? {};
  let named = false;
  for (const name of names) {
    const message = fields[name];
    if (message) {
      setError(name, { type: "server", message });
      named = true;
    }
  }
  return named;
}
