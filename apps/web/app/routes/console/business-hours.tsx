import { BusinessHoursSettings } from "~/features/console/components/business-hours-settings";
import { ScreenLoading } from "~/features/console/components/screen-loading";
import {
  businessHoursAction,
  loadBusinessHours,
} from "~/features/console/route-data/business-hours";
import type { Route } from "./+types/business-hours";

export const clientLoader = () => loadBusinessHours();
export const clientAction = ({ request }: Route.ClientActionArgs) => businessHoursAction(request);

export function HydrateFallback() {
  return <ScreenLoading title="Business hours" />;
}

export default function ConsoleBusinessHours({ loaderData }: Route.ComponentProps) {
  return <BusinessHoursSettings load={loaderData} />;
}
