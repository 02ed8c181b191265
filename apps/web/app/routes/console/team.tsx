/**
 * Not a screen: the inbox's controls and the shell's status toggle load the team, and they and
 * sign-out submit their changes here through fetchers (see features/console/route-data/team.ts).
 * Someone who types the address goes to the inbox.
 */
import { Navigate } from "react-router";
import { consoleHome } from "~/features/console/components/sign-in-path";
import { loadTeam, teamAction } from "~/features/console/route-data/team";
import type { Route } from "./+types/team";

export const clientLoader = () => loadTeam();
export const clientAction = ({ request }: Route.ClientActionArgs) => teamAction(request);

export default function ConsoleTeam() {
  return <Navigate to={consoleHome} replace />;
}
