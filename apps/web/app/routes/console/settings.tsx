import { SettingsScreen } from "~/features/console/components/settings-screen";

export default function ConsoleSettings() {
  return <SettingsScreen />;
}
