import { ReportsScreen } from "~/features/console/components/reports-screen";

export default function ConsoleReports() {
  return <ReportsScreen />;
}
