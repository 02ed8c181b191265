/** PATCH /api/agent/contact-messages/{id}: read or unread, handled or not; every agent sees it. */
import {
  contactMessageAnswerSchema,
  type UpdateContactMessageBody,
} from "@hourline/contracts/console";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function updateContactMessage(id: number, change: UpdateContactMessageBody) {
  return consoleApi.patch(consoleEndpoints.contactMessage(id), change, contactMessageAnswerSchema);
}
