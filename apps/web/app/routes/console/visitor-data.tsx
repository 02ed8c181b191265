import { VisitorDataAdmin } from "~/features/console/components/visitor-data-admin";

export default function ConsoleVisitorData() {
  return <VisitorDataAdmin />;
}
