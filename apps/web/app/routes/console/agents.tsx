import { ScreenLoading } from "~/features/console/components/screen-loading";
import { AgentsAdmin } from "~/features/console/components/agents-admin";
import { agentsAction, loadAgents } from "~/features/console/route-data/agents";
import type { Route } from "./+types/agents";

export const clientLoader = () => loadAgents();
export const clientAction = ({ request }: Route.ClientActionArgs) => agentsAction(request);

export function HydrateFallback() {
  return <ScreenLoading title="Agents" />;
}

export default function ConsoleAgents({ loaderData }: Route.ComponentProps) {
  return <AgentsAdmin load={loaderData} />;
}
