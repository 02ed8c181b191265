/** PATCH /api/agent/me (display name) and POST /api/agent/me/password, for the signed-in agent. */
import { okSchema } from "@hourline/contracts/api-error";
import {
  agentAnswerSchema,
  type ChangePasswordBody,
  type UpdateProfileBody,
} from "@hourline/contracts/console";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function updateProfile(body: UpdateProfileBody) {
  return consoleApi.patch(consoleEndpoints.me, body, agentAnswerSchema);
}

/** A wrong current password is a 400 naming `current_password`, not a lost session. */
export function changePassword(body: ChangePasswordBody) {
  return consoleApi.post(consoleEndpoints.mePassword, body, okSchema);
}
