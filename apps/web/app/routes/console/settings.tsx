import { ScreenLoading } from "~/features/console/components/screen-loading";
import { SettingsScreen } from "~/features/console/components/settings-screen";
import { loadSettings, settingsAction } from "~/features/console/route-data/settings";
import type { Route } from "./+types/settings";

export const clientLoader = () => loadSettings();
export const clientAction = ({ request }: Route.ClientActionArgs) => settingsAction(request);

export function HydrateFallback() {
  return <ScreenLoading title="Settings" />;
}

export default function ConsoleSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsScreen data={loaderData} />;
}
