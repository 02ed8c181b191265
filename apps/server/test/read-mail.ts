/**
 * Reads a raw RFC 5322 message as the SMTP sink received it: unfolded headers (encoded words
 * decoded) and the text/plain and text/html parts (quoted-printable and base64 decoded). Enough MIME
 * for the mails this server writes, so tests check what a mail client would show.
 */
export interface ReadMail {
  /** Header names in lower case; a repeated header keeps every value. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  /** The raw header block as sent, to check that nothing was injected into it. */
  rawHeaders: string;
  contentType: string;
  text: string | undefined;
  html: string | undefined;
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
      (_m, _charset: string, enc: string, text: string) =>
        enc.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

function splitHeaders(raw: string): {
  rawHeaders: string;
  body: string;
  headers: Map<string, string[]>;
} {
  const at = raw.search(/\r?\n\r?\n/);
  const rawHeaders = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string[]>();
  const unfolded = rawHeaders.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeEncodedWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return { rawHeaders, body, headers };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

export function readMail(raw: string): ReadMail {
  const { rawHeaders, body, headers } = splitHeaders(raw);
  const first = (map: Map<string, string[]>, name: string) => map.get(name)?.[0];
  const contentType = first(headers, "content-type") ?? "text/plain";
  const parts: { type: string; content: string }[] = [];

  const collect = (type: string, content: string, encoding: string | undefined) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = content.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        const part = splitHeaders(section.replace(/^\r?\n/, ""));
        collect(
          first(part.headers, "content-type") ?? "text/plain",
          part.body.replace(/\r?\n$/, ""),
          first(part.headers, "content-transfer-encoding"),
        );
      }
      return;
    }
    // Mail travels with CRLF line ends; compare text as a reader sees it.
    const decoded = decodeBody(content, encoding).replace(/\r\n/g, "\n");
    parts.push({ type: type.toLowerCase(), content: decoded });
  };
  collect(contentType, body, first(headers, "content-transfer-encoding"));

  return {
    headers,
    header: (name) => first(headers, name.toLowerCase()),
    rawHeaders,
    contentType,
    text: parts.find((p) => p.type.startsWith("text/plain"))?.content,
    html: parts.find((p) => p.type.startsWith("text/html"))?.content,
  };
}
