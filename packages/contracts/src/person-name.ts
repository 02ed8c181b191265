/**
 * The one rule for a person's name (a visitor, an agent, the contact form's sender): trimmed, no
 * control characters, and the invisible bidirectional and zero-width controls dropped, so a name
 * can never reorder or hide what is shown beside it. Each form keeps its own wording.
 */
import { z } from "zod/mini";
import { hasControlCharacter, stripFormatControls } from "./text";

export interface NameMessages {
  required: string;
  tooLong: string;
  invalid: string;
}

export function nameField(messages: NameMessages, maxLength: number) {
  return z.string({ error: messages.required }).check(
    z.overwrite(stripFormatControls),
    z.trim(),
    z.minLength(1, messages.required),
    z.maxLength(maxLength, messages.tooLong),
    z.refine((v) => !hasControlCharacter(v), messages.invalid),
  );
}
