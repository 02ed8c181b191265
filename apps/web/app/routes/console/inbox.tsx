import { InboxScreen } from "~/features/console/components/inbox-screen";
import type { Route } from "./+types/inbox";

export default function ConsoleInbox({ params }: Route.ComponentProps) {
  const id = "id" in params && /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  return <InboxScreen conversationId={id} />;
}
