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
