/**
 * The pseudo-locale en-XA: every English message with its letters accented and padded to 40%
 * longer, placeholders untouched. Nobody reads it: the browser tests open the widget in it to find
 * text that is clipped or overflows when a language runs longer than English (German and Polish
 * often do), and letters that a font or a fixed height cuts off.
 */
import english, { type ChatCatalogue, type PluralMessage } from "./en";

const accents: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ó",
  u: "ú",
  y: "ý",
  c: "ç",
  n: "ñ",
  s: "š",
  z: "ž",
  A: "Å",
  E: "É",
  I: "Î",
  O: "Ö",
  U: "Ü",
  Y: "Ý",
  C: "Ç",
  N: "Ñ",
  S: "Š",
  Z: "Ž",
};

/** Accented and 40% longer; `{name}` placeholders are kept as they are. */
export function pseudoMessage(message: string): string {
  const accented = message
    .split(/(\{\w+\})/)
    .map((part) => (part.startsWith("{") ? part : part.replace(/[a-z]/gi, (c) => accents[c] ?? c)))
    .join("");
  const padding = Math.ceil(message.length * 0.4);
  // Words of filler, not one long run: real languages break lines between words too.
  const filler = "ẋẋẋẋ "
    .repeat(Math.ceil(padding / 5))
    .slice(0, padding)
    .trim();
  return `[${accented} ${filler}]`;
}

function pseudoPlural(message: PluralMessage): PluralMessage {
  return Object.fromEntries(
    Object.entries(message).map(([form, text]) => [form, pseudoMessage(text as string)]),
  ) as unknown as PluralMessage;
}

const pseudo = Object.fromEntries(
  Object.entries(english).map(([key, value]) => [
    key,
    typeof value === "string" ? pseudoMessage(value) : pseudoPlural(value),
  ]),
) as unknown as ChatCatalogue;

export default pseudo;
