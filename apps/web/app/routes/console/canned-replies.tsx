import { CannedRepliesManager } from "~/features/console/components/canned-replies-manager";
import { ScreenLoading } from "~/features/console/components/screen-loading";
import {
  cannedRepliesAction,
  loadCannedReplies,
} from "~/features/console/route-data/canned-replies";
import type { Route } from "./+types/canned-replies";

export const clientLoader = () => loadCannedReplies();
export const clientAction = ({ request }: Route.ClientActionArgs) => cannedRepliesAction(request);

export function HydrateFallback() {
  return <ScreenLoading title="Canned replies" />;
}

export default function ConsoleCannedReplies({ loaderData }: Route.ComponentProps) {
  return <CannedRepliesManager load={loaderData} />;
}
