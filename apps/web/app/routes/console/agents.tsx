import { AgentsAdmin } from "~/features/console/components/agents-admin";

export default function ConsoleAgents() {
  return <AgentsAdmin />;
}
