/**
 * Lets API routes declare their bodies and answers with the zod schemas of packages/contracts: the
 * same schema the web app validates with parses the request, and a failure becomes a 400 naming
 * each field, never a 500.
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

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url }) => {
  if (!isZodSchema(schema)) throw new Error(`${method} ${url}: API schemas must be zod schemas`);
  return (data: unknown) => {
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      return { error: new BodyValidationError(undefined, "The body must be a JSON object.") };
    }
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new BodyValidationError(fieldErrors(result.error)) };
  };
};

/** Answers are built from typed values in the handlers; the schema documents them. */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
