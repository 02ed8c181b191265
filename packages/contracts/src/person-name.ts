/**
 * The one rule for a person's name (a visitor, an agent, the contact form's sender): trimmed, no
 * control characters, and the invisible bidirectional and zero-width controls dropped, so a name
 * can never reorder or hide what is shown beside it. Nor may it hold an RFC 2047 encoded word
 * (`=?utf-8?B?...?=`): a mail client decodes one in a From or Reply-To name into whatever
 * characters it encodes, the controls and look-alikes this rule strips included. Each form keeps
 * its own wording.
 */
import { z } from "zod/mini";
import { hasControlCharacter, stripFormatControls } from "./text";

export interface NameMessages {
  required: string;
  tooLong: string;
  invalid: string;
}

/** An RFC 2047 encoded word: `=?charset?B|Q?text?=` (charset may carry a `*language`). */
const ENCODED_WORD = /=\?[^?\s]+\?[bq]\?[^?\s]*\?=/i;

export function hasEncodedWord(value: string): boolean {
  return ENCODED_WORD.test(value);
}

export function nameField(messages: NameMessages, maxLength: number) {
  return z.string({ error: messages.required }).check(
    z.overwrite(stripFormatControls),
    z.trim(),
    z.minLength(1, messages.required),
    z.maxLength(maxLength, messages.tooLong),
    z.refine((v) => !hasControlCharacter(v), messages.invalid),
    z.refine((v) => !hasEncodedWord(v), messages.invalid),
  );
}
