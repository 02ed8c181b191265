/** The team's business hours: read by every agent, changed by admins. */
import { businessHoursAnswerSchema, type BusinessHours } from "@hourline/contracts/business-hours";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchBusinessHours() {
  return consoleApi.get(consoleEndpoints.businessHours, businessHoursAnswerSchema);
}

export function saveBusinessHours(hours: BusinessHours) {
  return consoleApi.put(consoleEndpoints.businessHours, hours, businessHoursAnswerSchema);
}
