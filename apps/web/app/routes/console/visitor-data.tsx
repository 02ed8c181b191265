import { ScreenLoading } from "~/features/console/components/screen-loading";
import { VisitorDataAdmin } from "~/features/console/components/visitor-data-admin";
import { loadVisitorData, visitorDataAction } from "~/features/console/route-data/visitor-data";
import type { Route } from "./+types/visitor-data";

export const clientLoader = () => loadVisitorData();
export const clientAction = ({ request }: Route.ClientActionArgs) => visitorDataAction(request);

export function HydrateFallback() {
  return <ScreenLoading title="Visitor data" />;
}

export default function ConsoleVisitorData({ loaderData }: Route.ComponentProps) {
  return <VisitorDataAdmin data={loaderData} />;
}
