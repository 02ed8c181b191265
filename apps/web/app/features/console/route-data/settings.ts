/**
 * The Settings screen's data, the team's routing (every agent reads it) and, for admins only, the
 * data retention; and what it submits: the agent's name, password, and the routing (admins).
 */
import type { ChangePasswordBody, UpdateProfileBody } from "@hourline/contracts/console";
import type { RoutingSettings } from "@hourline/contracts/console-hygiene";
import { fetchRoutingSettings, saveRoutingSettings } from "../api/hygiene";
import { changePassword, updateProfile } from "../api/profile";
import { fetchOperationsSettings } from "../api/visitor-data";
import { adminOnly, readSubmission, toLoad, toOutcome } from "./screen-data";

export type SettingsSubmission =
  | { intent: "profile"; profile: UpdateProfileBody }
  | { intent: "password"; password: ChangePasswordBody }
  | { intent: "routing"; routing: RoutingSettings };

export async function loadSettings() {
  const [routing, retention] = await Promise.all([
    fetchRoutingSettings().then(toLoad),
    adminOnly(fetchOperationsSettings),
  ]);
  return { routing, retention };
}

export async function settingsAction(request: Request) {
  const submission = await readSubmission<SettingsSubmission>(request);
  switch (submission.intent) {
    case "profile":
      return toOutcome(await updateProfile(submission.profile));
    case "password":
      return toOutcome(await changePassword(submission.password));
    case "routing":
      return toOutcome(await saveRoutingSettings(submission.routing));
  }
}
