/** The Business hours screen's data (every agent reads them) and their save (admins). */
import type { BusinessHours } from "@hourline/contracts/business-hours";
import { fetchBusinessHours, saveBusinessHours } from "../api/business-hours";
import { readSubmission, toLoad, toOutcome } from "./screen-data";

export type BusinessHoursSubmission = { intent: "save"; hours: BusinessHours };

export const loadBusinessHours = async () => toLoad(await fetchBusinessHours());

export async function businessHoursAction(request: Request) {
  const { hours } = await readSubmission<BusinessHoursSubmission>(request);
  return toOutcome(await saveBusinessHours(hours));
}
