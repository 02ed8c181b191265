/** The team's business hours, one JSON value in app_settings shared by every instance. */
import {
  businessHoursSchema,
  defaultBusinessHours,
  type BusinessHours,
} from "@hourline/contracts/business-hours";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

const KEY = "business_hours";

export async function readBusinessHours(db: Kysely<Database>): Promise<BusinessHours> {
  const row = await db
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", KEY)
    .executeTakeFirst();
  if (!row) return defaultBusinessHours;
  try {
    const parsed = businessHoursSchema.safeParse(JSON.parse(row.value));
    // A value this version cannot read (a zone the runtime dropped) counts as no hours set.
    return parsed.success ? parsed.data : defaultBusinessHours;
  } catch {
    return defaultBusinessHours;
  }
}

export async function saveBusinessHours(
  db: Kysely<Database>,
  hours: BusinessHours,
  now: number,
): Promise<void> {
  const value = JSON.stringify(hours);
  await db
    .insertInto("app_settings")
    .values({ key: KEY, value, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
    .execute();
}
