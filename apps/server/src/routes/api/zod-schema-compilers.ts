/**
 * Lets API routes declare their bodies and answers with the zod schemas of packages/contracts: the
 * same schema the web app validates with parses the request, and a failure becomes a 400 naming
 * each field, never a 500. A value the schema accepts is still refused when a string in it holds a
 * NUL character.
 */
import { fieldErrors, type SchemaIssues } from "@hourline/contracts/api-error";
import type { FastifySchemaCompiler, FastifySerializerCompiler } from "fastify";

export class BodyValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly fields: Record<string, string> | undefined,
    message = "Some fields need your attention.",
  ) {
    super(message);
    this.name = "BodyValidationError";
  }
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
    if (!result.success) return { error: new BodyValidationError(fieldErrors(result.error)) };
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
