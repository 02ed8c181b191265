/** Ids travel as decimal strings in paths and queries; anything else is a 400, never a 500. */
import { z } from "zod/mini";

export const idString = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.regex(/^\d{1,15}$/, message)),
    z.transform((v) => Number(v)),
  );

export const idParamsSchema = (what: string) =>
  z.object({ id: idString(`The ${what} id must be a whole number.`) });

export type IdParams = { id: number };
