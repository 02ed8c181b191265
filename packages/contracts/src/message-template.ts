/**
 * The placeholders of translated copy: `{name}` in a message is filled in at run time. Shared by
 * the widget's catalogues and the server's mail copy, and by the tests that check every language
 * has the same placeholders as English.
 */

const placeholder = /\{([a-z]\w*)\}/gi;

/** The placeholder names of a message, sorted, each once. */
export function placeholdersOf(message: string): string[] {
  return [...new Set([...message.matchAll(placeholder)].map((m) => m[1] as string))].sort();
}

/**
 * The message with each `{name}` replaced by what `fill` gives for it. A placeholder with nothing
 * to fill it is a programming error, so it throws rather than show "{name}" to a visitor.
 */
export function fillMessage<T>(
  message: string,
  values: Readonly<Record<string, T>>,
  text: (value: string) => T,
): T[] {
  const parts: T[] = [];
  let last = 0;
  for (const match of message.matchAll(placeholder)) {
    const name = match[1] as string;
    if (!Object.hasOwn(values, name)) throw new Error(`No value for {${name}} in "${message}"`);
    if (match.index > last) parts.push(text(message.slice(last, match.index)));
    parts.push(values[name] as T);
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(text(message.slice(last)));
  return parts;
}

/** fillMessage for plain strings. */
export function formatMessage(message: string, values: Readonly<Record<string, string>>): string {
  return fillMessage(message, values, (s) => s).join("");
}

/**
 * Catalogue hygiene: for each language, the keys English has that it lacks, the keys it has that
 * English lacks, and the keys whose placeholders differ. Empty when everything matches.
 */
export function catalogueProblems(
  reference: Readonly<Record<string, string>>,
  catalogues: Readonly<Record<string, Readonly<Record<string, string>>>>,
): string[] {
  const problems: string[] = [];
  for (const [language, catalogue] of Object.entries(catalogues)) {
    for (const key of Object.keys(reference)) {
      const value = catalogue[key];
      if (typeof value !== "string" || value.trim() === "") {
        problems.push(`${language}: missing ${key}`);
        continue;
      }
      const want = placeholdersOf(reference[key] as string).join(",");
      const got = placeholdersOf(value).join(",");
      if (want !== got) problems.push(`${language}: ${key} has {${got}}, English has {${want}}`);
    }
    for (const key of Object.keys(catalogue)) {
      if (!Object.hasOwn(reference, key)) problems.push(`${language}: unknown key ${key}`);
    }
  }
  return problems;
}
