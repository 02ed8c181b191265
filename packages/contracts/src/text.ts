/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: none belongs in a
 * name, and a line break in a name would end a mail header early. One definition for the forms,
 * the server's mail headers and the command line.
 */
export function isControlCodePoint(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

export function hasControlCharacter(value: string): boolean {
  for (const ch of value) {
    if (isControlCodePoint(ch.codePointAt(0) ?? 0)) return true;
  }
  return false;
}

/**
 * `value` without NUL characters. No one types one, and PostgreSQL's text cannot hold one: a NUL
 * reaching a query or an insert fails it (a 500), where SQLite took it. Free text that is stored
 * or searched drops them; names refuse every control character instead.
 */
export function dropNul(value: string): string {
  return value.replaceAll("\0", "");
}

/**
 * `value` without the characters `drop` accepts at its end. A loop rather than `/x+$/`, which a
 * regular expression engine runs in quadratic time on a long run of x followed by something else.
 */
export function trimEndWhere(value: string, drop: (char: string) => boolean): string {
  let end = value.length;
  while (end > 0 && drop(value.charAt(end - 1))) end--;
  return end === value.length ? value : value.slice(0, end);
}

/** `value` without the characters `drop` accepts at its start (see trimEndWhere). */
export function trimStartWhere(value: string, drop: (char: string) => boolean): string {
  let start = 0;
  while (start < value.length && drop(value.charAt(start))) start++;
  return start === 0 ? value : value.slice(start);
}

/**
 * Invisible characters that change how text around them is shown: the bidirectional embeddings,
 * overrides and isolates, the marks, and zero-width spaces and word joiners. A right-to-left
 * override in a name reverses whatever is drawn after it (a time, a file name). The zero-width
 * joiner and non-joiner stay: they shape letters (Persian, Indic scripts) and emoji, and move
 * nothing.
 */
const FORMAT_CONTROLS =
  /[\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const HAS_FORMAT_CONTROL = new RegExp(FORMAT_CONTROLS.source);

/** The text without the invisible controls above. */
export function stripFormatControls(value: string): string {
  return value.replace(FORMAT_CONTROLS, "");
}

export function hasFormatControl(value: string): boolean {
  return HAS_FORMAT_CONTROL.test(value);
}

/**
 * A name for plain text (a page title, a notification, a mail): without controls, and wrapped in
 * FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE, so a right-to-left name cannot reorder the
 * words around it. In HTML, use <bdi> instead.
 */
export function isolateText(value: string): string {
  return `\u2068${stripFormatControls(value)}\u2069`;
}

/** The explicit embeddings, overrides and isolates alone (message text keeps the marks). */
const DIRECTION_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/g;

/** Message text without embeddings, overrides and isolates, which could reorder what follows. */
export function stripDirectionOverrides(value: string): string {
  return value.replace(DIRECTION_OVERRIDES, "");
}
