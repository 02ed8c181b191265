/**
 * Generated messages at the size limit, shaped as an attacker would shape them (long runs of spaces
 * and tabs, markup nested far past the limit, every kind of line break mixed), through the
 * sanitizer, the plain-text view and the e-mails built from it. Each step must stay linear: a
 * message of 20,000 spaces took 1.6 s in the text view once, so every call here has a bound far
 * above what linear code needs (a few milliseconds) and far below that. The output rules hold too.
 */
import fc from "fast-check";
import { chatLimits } from "@hourline/contracts/chat-message";
import { describe, expect, it } from "vitest";
import {
  chatMissedReplyMail,
  chatTranscriptMail,
  transcriptLine,
} from "../mail/templates/chat-mails";
import {
  isBlankMessageHtml,
  collapseWhitespace,
  messageHtmlToText,
  sanitizeMessageHtml,
  tidyLines,
} from "./message-html";

const LIMIT = chatLimits.message;

/** Generous: linear code needs a few ms for 20,000 characters; the quadratic version needed 1,600. */
const BOUND_MS = 250;

/**
 * Runs `run` and checks the processor time it used (not wall time: a test machine busy with other
 * work must not make linear code look slow).
 */
function timed<T>(what: string, run: () => T): T {
  const started = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(started);
  const took = (used.user + used.system) / 1000;
  expect(took, `${what} took ${took.toFixed(1)} ms of processor time`).toBeLessThan(BOUND_MS);
  return result;
}

const piece = fc.oneof(
  fc.constantFrom(" ", "\t", "\n", "\r", "\r\n", "\u00a0", "\u2028", "\u200b", "\u202e"),
  fc.constantFrom(
    "<b>",
    "</b>",
    "<p>",
    "</p>",
    "<li>",
    "<pre>",
    "</pre>",
    "<br>",
    '<a href="https://x.example">',
    "</a>",
    "<div>",
    "<blockquote>",
    "<",
    ">",
    "&amp;",
    "&#",
    "<!--",
    "-->",
    "<script>",
    "<img src=x>",
  ),
  fc.string({ maxLength: 8 }),
);

/** One unit repeated up to the limit: the shape that made backtracking regular expressions slow. */
const repeated = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1000, max: LIMIT }))
  .map(([parts, length]) => {
    const unit = parts.join("") || " ";
    return unit.repeat(Math.ceil(length / unit.length)).slice(0, LIMIT);
  });

/** Runs of whitespace with a rejecting character after them, at the limit. */
const whitespaceRuns = fc
  .tuple(
    fc.constantFrom(" ", "\t", " \t", "\t "),
    fc.constantFrom("x", "\n", "\r\n", "<b>", ""),
    fc.integer({ min: 1, max: 20 }),
  )
  .map(([space, tail, runs]) => {
    const run = space.repeat(Math.floor(LIMIT / runs / space.length) - tail.length);
    return `${run}${tail}`.repeat(runs).slice(0, LIMIT);
  });

const mixed = fc
  .array(piece, { minLength: 1, maxLength: 4000 })
  .map((parts) => parts.join("").slice(0, LIMIT));

const hostileMessage = fc.oneof(repeated, whitespaceRuns, mixed);

describe("message HTML under hostile input", () => {
  it("sanitizes, converts to text and mails every shape in linear time", () => {
    fc.assert(
      fc.property(hostileMessage, (html) => {
        const clean = timed("sanitizing", () => sanitizeMessageHtml(html));
        expect(sanitizeMessageHtml(clean)).toBe(clean);
        timed("the blank check", () => isBlankMessageHtml(html));
        const text = timed("the text view", () => messageHtmlToText(html));
        // The text view's promises: no trailing blanks, at most one empty line in a row, none at
        // either end.
        for (const line of text.split("\n")) expect(line).toBe(line.replace(/[ \t]$/, ""));
        expect(text).not.toContain("\n\n\n");
        expect(text.startsWith("\n") || text.endsWith("\n")).toBe(false);
        timed("the transcript mail", () =>
          chatTranscriptMail({
            to: "visitor@example.com",
            visitorName: "Visitor",
            startedAt: 0,
            endedAt: 1,
            lines: [transcriptLine({ author: "Visitor", fromVisitor: true, at: 0, text })],
            chatUrl: "https://hourline.example/chat/resume?token=t",
          }),
        );
        timed("the missed-reply mail", () =>
          chatMissedReplyMail({
            to: "visitor@example.com",
            visitorName: "Visitor",
            agentName: "Agent",
            replyText: text,
            chatUrl: "https://hourline.example/chat/resume?token=t",
          }),
        );
      }),
      { numRuns: 60 },
    );
  });

  // The old expressions are the reference here, run on short generated strings only.
  /* eslint-disable regexp/no-super-linear-move */
  it("shows each run of whitespace as one space, as the page does", () => {
    expect(collapseWhitespace("a  \n \t b")).toBe("a b");
    expect(collapseWhitespace("a\r\n\r\nb\rc")).toBe("a b c");
    expect(collapseWhitespace(" ".repeat(20_000))).toBe(" ");
    expect(messageHtmlToText(`a${" ".repeat(20_000)}b`)).toBe("a b");
    expect(messageHtmlToText(`<pre>a   b</pre>`)).toBe("a   b");
  });

  it("tidies lines as before, without backtracking", () => {
    const reference = (text: string) =>
      text
        .split("\n")
        .map((line) => line.replace(/[ \t]+$/, ""))
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
        .replace(/^\n+|\n+$/g, "");
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "a", "b") }), (text) => {
        expect(tidyLines(text)).toBe(reference(text));
      }),
    );
  });
  /* eslint-enable regexp/no-super-linear-move */
});
