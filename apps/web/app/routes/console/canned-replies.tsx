import { CannedRepliesManager } from "~/features/console/components/canned-replies-manager";

export default function ConsoleCannedReplies() {
  return <CannedRepliesManager />;
}
