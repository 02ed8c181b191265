/**
 * GET /api/support/availability: inside business hours or not, whether an agent is online, when
 * the team is back and the team's offline message. The widget's promise to the visitor comes from
 * this answer, never from fixed text.
 */
import {
  availabilityAnswerSchema,
  type AvailabilityAnswer,
} from "@hourline/contracts/business-hours";
import { getJson } from "~/lib/api-client";
import { chatEndpoints } from "./chat-urls";

export async function fetchAvailability(): Promise<AvailabilityAnswer | null> {
  const result = await getJson(chatEndpoints.availability, availabilityAnswerSchema);
  return result.ok ? result.data : null;
}
