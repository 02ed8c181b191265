/**
 * Adversarial input for the fuzz suites (fuzz-http.test.ts, fuzz-socket.test.ts), as fast-check
 * arbitraries: values of the wrong type, strings that break naive code (lone surrogates, NUL,
 * direction controls, a megabyte of text), numbers JSON cannot carry faithfully (1e309, -0, NaN as
 * text), prototype keys, nesting ten thousand levels deep, truncated JSON, wrong content types,
 * empty bodies and broken multipart bodies. JSON.stringify cannot write half of these, so values
 * are written with toJsonText, which copies a RawJson token as it is.
 */
import fc from "fast-check";

/** JSON text written as it is into the surrounding document (which may then be invalid JSON). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Like JSON.stringify, but RawJson is copied verbatim and own `__proto__` keys are kept. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${members.join(",")}}`;
  }
  // undefined, functions and symbols have no JSON; a bare `null` stands in, as in an array.
  return JSON.stringify(value) ?? "null";
}

/**
 * encodeURIComponent, except that a lone surrogate becomes the bytes Buffer writes for it (the
 * replacement character) instead of a URIError.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(Buffer.from(value, "utf8").toString("utf8"));
}

/** An object whose keys may include `__proto__` as an own key (an object literal would not). */
export function objectOf(
  entries: readonly (readonly [string, unknown])[],
): Record<string, unknown> {
  return Object.fromEntries(entries) as Record<string, unknown>;
}

export const DEEP = 10_000;
export const MEGABYTE = 1024 * 1024;
/** Built once: a megabyte of text, and the same size in four-byte characters. */
const megabyteAscii = "x".repeat(MEGABYTE);
const megabyteAstral = "\u{1F600}".repeat(MEGABYTE / 4);

/** Arrays and objects nested DEEP levels, as text (no engine builds these without recursion). */
export const deepArrayText = "[".repeat(DEEP) + "]".repeat(DEEP);
export const deepObjectText = '{"a":'.repeat(DEEP) + "1" + "}".repeat(DEEP);
export const deepUnclosedText = "[".repeat(DEEP);

export const hostileStringConstants = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "a\uDBFFb",
  "\uDC00\uD800",
  "\u202E\u2066evil\u2069",
  "\u200B\uFEFF",
  "\u2028\u2029",
  "\u0085\u009F\u007F",
  "%00",
  "%",
  "%E0%A4%A",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<a href='javascript:alert(1)'>x</a>",
  "<svg><script>alert(1)</script></svg>",
  "javascript:alert(1)",
  "' OR 1=1 --",
  '"; DROP TABLE agents; --',
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "${7*7}{{7*7}}",
  "a@b.example\r\nBcc: c@d.example",
  "visitor@example.com",
  "VISITOR@EXAMPLE.COM ",
  "123456",
  "\u{1F469}\u200D\u{1F4BB}",
  "é".repeat(40_000),
  "a".repeat(70_000),
  "\uD800".repeat(20_000),
  megabyteAscii,
  megabyteAstral,
];

/** A string that breaks naive code, or a random one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStringConstants) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 80 }) },
);

/** Numbers as JSON text: some are not numbers JavaScript keeps exactly, some not JSON at all. */
export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom<number | RawJson>(
    0,
    -1,
    1,
    1.5,
    0.1,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    2 ** 64,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    new RawJson("-0"),
    new RawJson("1e309"),
    new RawJson("-1e309"),
    new RawJson("9223372036854775808"),
    new RawJson("1" + "0".repeat(400)),
    new RawJson("0." + "0".repeat(400) + "1"),
    new RawJson("NaN"),
    new RawJson("Infinity"),
    new RawJson("0x10"),
    new RawJson("01"),
    new RawJson("1_000"),
  ),
  fc.integer(),
  fc.double(),
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "", "\u0000", "\uD800", "a".repeat(300)),
  fc.string({ maxLength: 12 }),
);

/** Structures of the wrong shape: nested deep, prototype keys, arrays where objects belong. */
const hostileStructure: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    new RawJson(deepArrayText),
    new RawJson(deepObjectText),
    objectOf([["__proto__", { polluted: true, status: 500 }]]),
    objectOf([["constructor", { prototype: { polluted: true } }]]),
    [],
    {},
    [null],
    Array.from({ length: 5_000 }, (_, i) => i),
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Any value a JSON field could be given, nearly always the wrong one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null) },
  { weight: 2, arbitrary: hostileStructure },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

/** Characters that a valid value can carry into the code behind the schema. */
export const poisonCharacters = [
  "\u0000",
  "\uD800",
  "\uDFFF",
  "\u202E",
  "\u2066",
  "\u2028",
  "\uFEFF",
  "\u0085",
  "\u{1F600}",
  "%",
  "_",
  "\\",
  "'",
  '"',
  "<",
  "\r\n",
];

type Mutation =
  | { kind: "poison"; key: string; char: string; at: number }
  | { kind: "set"; key: string; value: unknown }
  | { kind: "delete"; key: string }
  | { kind: "add"; key: string; value: unknown };

/**
 * A valid body with one to three things wrong: a valid text with one hostile character slipped in
 * (which often still passes the schema, and reaches the database), a field given a hostile value,
 * a field left out, a field added (unknown, `__proto__`, `constructor`).
 */
export function mutatedObject(
  valid: Record<string, unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const known = keys.length > 0 ? fc.constantFrom(...keys) : hostileKey;
  const textKeys = keys.filter((k) => typeof valid[k] === "string");
  const poison: fc.Arbitrary<Mutation> | undefined =
    textKeys.length > 0
      ? fc.record({
          kind: fc.constant("poison" as const),
          key: fc.constantFrom(...textKeys),
          char: fc.constantFrom(...poisonCharacters),
          at: fc.nat(),
        })
      : undefined;
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    ...(poison ? [{ weight: 4, arbitrary: poison }] : []),
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant("set" as const), key: known, value: hostileValue }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), key: known }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("add" as const),
        key: hostileKey,
        value: hostileValue,
      }),
    },
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => {
    const entries = new Map<string, unknown>(Object.entries(valid));
    for (const m of mutations) {
      if (m.kind === "delete") entries.delete(m.key);
      else if (m.kind === "poison") {
        const text = String(entries.get(m.key) ?? valid[m.key]);
        const at = m.at % (text.length + 1);
        entries.set(m.key, text.slice(0, at) + m.char + text.slice(at));
      } else entries.set(m.key, m.value);
    }
    return objectOf([...entries]);
  });
}

/** A request body as bytes on the wire, and the Content-Type it claims (none when undefined). */
export interface RawBody {
  label: string;
  contentType: string | undefined;
  body: Buffer;
}

const json = "application/json";

export const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  "",
  json,
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json; charset=utf-16",
  "application/json; charset=nonsense",
  "application/json;;;",
  `application/json; x=${"a".repeat(4000)}`,
  "application/vnd.api+json",
  "text/plain",
  "text/html",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "image/png",
  "*/*",
  "garbage",
);

/** JSON text that is broken, too deep, or legal but surprising. */
const rawJsonTexts = [
  "",
  " ",
  "{",
  "[",
  '{"a":',
  '{"a":}',
  "{'a':1}",
  "{a:1}",
  '{"a":1,}',
  "nul",
  "null",
  "true",
  "0",
  "-0",
  "1e309",
  "NaN",
  '"just a string"',
  "[]",
  '{"email":"a@b.example","email":1}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\uFEFF{"a":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\uZZZZ"}',
  '{"a":1}garbage',
  '{"a":1}{"a":2}',
  deepArrayText,
  deepObjectText,
  deepUnclosedText,
];

const invalidUtf8 = Buffer.from([
  0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d,
]);

/** multipart/form-data bodies that are broken in the ways a parser trips on. */
export const multipartGarbage: fc.Arbitrary<RawBody> = fc
  .tuple(
    fc.constantFrom(
      "no closing boundary",
      "no part headers",
      "file with random bytes",
      "file with a PNG signature and garbage",
      "two files",
      "field only",
      "hostile filename",
      "boundary mismatch",
      "huge field",
      "many parts",
    ),
    fc.uint8Array({ maxLength: 512 }),
  )
  .map(([label, bytes]) => {
    const b = "----fuzzboundary";
    const part = (headers: string, data: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${b}\r\n${headers}\r\n\r\n`),
        Buffer.from(data),
        Buffer.from("\r\n"),
      ]);
    const end = Buffer.from(`--${b}--\r\n`);
    const file = (name: string, data: Buffer | string) =>
      part(
        `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png`,
        data,
      );
    const random = Buffer.from(bytes);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      random,
    ]);
    const bodies: Record<string, Buffer> = {
      "no closing boundary": file("file", random),
      "no part headers": Buffer.concat([Buffer.from(`--${b}\r\n\r\n`), random, end]),
      "file with random bytes": Buffer.concat([file("file", random), end]),
      "file with a PNG signature and garbage": Buffer.concat([file("file", png), end]),
      "two files": Buffer.concat([file("file", png), file("file", png), end]),
      "field only": Buffer.concat([
        part('Content-Disposition: form-data; name="file"', "not a file"),
        end,
      ]),
      "hostile filename": Buffer.concat([
        part(
          'Content-Disposition: form-data; name="file"; filename="../../\u0000.svg"\r\nContent-Type: image/svg+xml',
          "<svg onload=alert(1)>",
        ),
        end,
      ]),
      "boundary mismatch": Buffer.concat([Buffer.from("--other\r\n"), random, end]),
      "huge field": Buffer.concat([
        part('Content-Disposition: form-data; name="x"', "y".repeat(70_000)),
        end,
      ]),
      "many parts": Buffer.concat([
        ...Array.from({ length: 12 }, (_, i) =>
          part(`Content-Disposition: form-data; name="f${i}"`, "v"),
        ),
        end,
      ]),
    };
    return {
      label: `multipart: ${label}`,
      contentType: `multipart/form-data; boundary=${b}`,
      body: bodies[label] ?? random,
    };
  });

/**
 * A hostile request body for an endpoint whose valid body is `valid`: the valid body with hostile
 * fields as JSON (the most common, to get past the parser), broken or surprising JSON text, that
 * text cut short, the right text under the wrong Content-Type, bytes that are not UTF-8, form
 * and multipart bodies, and nothing at all.
 */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<RawBody> {
  const validText = JSON.stringify(valid);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: mutatedObject(valid).map((value) => ({
        label: "mutated JSON",
        contentType: json,
        body: Buffer.from(toJsonText(value)),
      })),
    },
    {
      weight: 2,
      arbitrary: hostileValue.map((value) => ({
        label: "hostile JSON value",
        contentType: json,
        body: Buffer.from(toJsonText(value)),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...rawJsonTexts).map((text) => ({
        label: `raw JSON text ${JSON.stringify(text.slice(0, 20))}`,
        contentType: json,
        body: Buffer.from(text),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.nat({ max: Math.max(0, validText.length - 1) }).map((cut) => ({
        label: `truncated JSON at ${cut}`,
        contentType: json,
        body: Buffer.from(validText.slice(0, cut)),
      })),
    },
    {
      weight: 2,
      arbitrary: hostileContentType.map((contentType) => ({
        label: `valid JSON as ${String(contentType).slice(0, 40)}`,
        contentType,
        body: Buffer.from(validText),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<RawBody>(
        { label: "invalid UTF-8", contentType: json, body: invalidUtf8 },
        {
          label: "UTF-16 JSON",
          contentType: "application/json; charset=utf-16",
          body: Buffer.from(validText, "utf16le"),
        },
        { label: "empty JSON", contentType: json, body: Buffer.alloc(0) },
        { label: "no body, no type", contentType: undefined, body: Buffer.alloc(0) },
        {
          label: "1 MB of JSON",
          contentType: json,
          body: Buffer.from(JSON.stringify({ ...valid, pad: megabyteAscii })),
        },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            "",
            "=&=&&",
            "email=%E0%A4%A",
            "a=1&a=2&a[b]=3",
            "__proto__[polluted]=1&constructor[prototype][x]=1",
            `message=${"%F0%9F%98%80".repeat(10_000)}`,
          ),
          fc.string({ maxLength: 200 }),
          fc
            .dictionary(
              fc.constantFrom(...Object.keys(valid), "website", "__proto__"),
              hostileString,
              { maxKeys: 4 },
            )
            .map((fields) =>
              Object.entries(fields)
                .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v.slice(0, 10_000))}`)
                .join("&"),
            ),
        )
        .map((text) => ({
          label: "urlencoded form",
          contentType: "application/x-www-form-urlencoded",
          body: Buffer.from(text),
        })),
    },
    { weight: 1, arbitrary: multipartGarbage },
  );
}

/**
 * A path segment as it appears on the wire (already percent-encoded or deliberately not): broken
 * escapes, encoded NUL and lone surrogates, dot segments, ids that are not ids, too long for the
 * router.
 */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%E0%A4%A",
    "%",
    "%zz",
    "%00",
    "%ED%A0%80",
    "%C0%AE%C0%AE",
    "..",
    "%2e%2e",
    "%2F",
    "0",
    "-1",
    "1.5",
    "1e3",
    "01",
    "9".repeat(16),
    "99999999999999",
    "9223372036854775808",
    "NaN",
    "__proto__",
    "constructor",
    "a".repeat(250),
    "%41".repeat(100),
    "visitor%40example.com",
    "%E2%80%AEmoc.elpmaxe%40a",
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.nat().map(String),
);

/** A query string (without `?`) as it appears on the wire. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "after=",
    "after=-1",
    "after=1.5",
    "after=1e309",
    "after=99999999999999999999",
    "after=%E0%A4%A",
    "after=1&after=2",
    "after[]=1",
    "after[__proto__]=1",
    "__proto__[x]=1",
    "constructor[prototype][x]=1",
    "state=closed",
    "state=open&state=ended",
    "filter=%00",
    "q=%00",
    "q=a%00b",
    "q=%25%5F%5C",
    "q=%25",
    `q=${"a".repeat(5000)}`,
    "q=%ED%A0%80",
    "=&&=",
    "%",
  ),
  fc
    .dictionary(
      fc.constantFrom("after", "state", "filter", "q", "id"),
      hostileString.map((s) => s.slice(0, 2000)),
      {
        maxKeys: 3,
      },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${k}=${percentEncode(v)}`)
        .join("&"),
    ),
);
