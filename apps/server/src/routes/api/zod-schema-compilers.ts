/**
 * Lets API routes declare their bodies and answers with the zod schemas of packages/contracts: the
 * same schema the web app validates with parses the request, and a failure becomes a 400 naming
 * each field, never a 500. A value the schema accepts is still refused when a string in it holds a
 * NUL character. A written text that is too long (a message, a note, an e-mail answer, a reply, a
 * comment: the fields in LONG_TEXT_FIELDS) is a 413 too_large, as a chat message over the socket
 * and a body over the byte limit are, so every over-long text answers one way.
 */
import { fieldErrors, type SchemaIssues } from "@hourline/contracts/api-error";
import type { FastifySchemaCompiler, FastifySerializerCompiler } from "fastify";

export class BodyValidationError extends Error {
  constructor(
    readonly fields: Record<string, string> | undefined,
    message = "Some fields need your attention.",
    /** 400, or 413 when a written text is longer than its limit. */
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
    this.name = "BodyValidationError";
  }

  get answerCode(): "validation_failed" | "too_large" {
    return this.statusCode === 413 ? "too_large" : "validation_failed";
  }
}

/**
 * The body fields that hold what a person wrote at length: the chat message over HTTP, a contact
 * message, an agent's note or e-mail answer, a canned reply, a rating's comment. Their length
 * limit is the widget's and the console's; past it the answer is 413. Short fields (names, titles,
 * phone numbers, searches) stay a 400 like any other mistake in a form.
 */
const LONG_TEXT_FIELDS = new Set(["message", "body", "comment"]);

/** A too-long issue on one of the long texts, if the failure holds one. */
function longTextTooLong(error: SchemaIssues): { field: string; message: string } | undefined {
  for (const issue of error.issues as readonly (SchemaIssues["issues"][number] & {
    code?: unknown;
    origin?: unknown;
  })[]) {
    const field = issue.path.length === 1 ? String(issue.path[0]) : undefined;
    if (
      field !== undefined &&
      LONG_TEXT_FIELDS.has(field) &&
      issue.code === "too_big" &&
      issue.origin === "string"
    ) {
      return { field, message: issue.message };
    }
  }
  return undefined;
}

/** A zod schema, classic or mini: all the compiler needs is safeParse. */
interface ParsingSchema {
  safeParse(
    data: unknown,
  ): { success: true; data: unknown } | { success: false; error: SchemaIssues };
}

function isZodSchema(schema: unknown): schema is ParsingSchema {
  return (
    typeof schema === "object" &&
    schema !== null &&
    typeof (schema as { safeParse?: unknown }).safeParse === "function"
  );
}

/**
 * The top-level field holding a string with a NUL character anywhere inside it, if any. NUL has no
 * business in any text we take, and PostgreSQL cannot store it in a text column (or search for
 * it): such a request is the client's mistake, not a 500. Iterative, so nesting costs no stack.
 */
function fieldWithNul(data: object): string | undefined {
  for (const [field, value] of Object.entries(data)) {
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const next = pending.pop();
      if (typeof next === "string") {
        if (next.includes("\u0000")) return field;
      } else if (typeof next === "object" && next !== null) {
        pending.push(...Object.values(next));
      }
    }
  }
  return undefined;
}

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url }) => {
  if (!isZodSchema(schema)) throw new Error(`${method} ${url}: API schemas must be zod schemas`);
  return (data: unknown) => {
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      return { error: new BodyValidationError(undefined, "The body must be a JSON object.") };
    }
    const result = schema.safeParse(data);
    if (!result.success) {
      const tooLong = longTextTooLong(result.error);
      if (tooLong) {
        return {
          error: new BodyValidationError(
            { [tooLong.field]: tooLong.message },
            tooLong.message,
            413,
          ),
        };
      }
      return { error: new BodyValidationError(fieldErrors(result.error)) };
    }
    const nulField =
      typeof result.data === "object" && result.data !== null
        ? fieldWithNul(result.data)
        : undefined;
    if (nulField !== undefined) {
      return {
        error: new BodyValidationError({
          [nulField]: "Please remove the NUL character (U+0000) from this field.",
        }),
      };
    }
    return { value: result.data };
  };
};

/** Answers are built from typed values in the handlers; the schema documents them. */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
