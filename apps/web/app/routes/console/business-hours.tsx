import { BusinessHoursSettings } from "~/features/console/components/business-hours-settings";

export default function ConsoleBusinessHours() {
  return <BusinessHoursSettings />;
}
