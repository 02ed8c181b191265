import { ReportsScreen } from "~/features/console/components/reports-screen";
import { ScreenLoading } from "~/features/console/components/screen-loading";
import { loadReports } from "~/features/console/route-data/reports";
import type { Route } from "./+types/reports";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadReports(new URL(request.url));

export function HydrateFallback() {
  return <ScreenLoading title="Reports" />;
}

export default function ConsoleReports({ loaderData }: Route.ComponentProps) {
  return <ReportsScreen data={loaderData} />;
}
