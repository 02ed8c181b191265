/**
 * Ending a chat from the console, with a confirmation: the visitor sees that the support team ended
 * it and can no longer write in it. Opened by its button or the Alt+E shortcut.
 */
import { ConfirmDialog } from "./confirm-dialog";

export function EndChatDialog({
  open,
  onOpenChange,
  visitorName,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  visitorName: string;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger="End chat"
      triggerClassName="btn btn-secondary min-h-9 px-3.5 py-1.5 text-sm"
      title={`End the chat with ${visitorName}?`}
      description={`${visitorName} will see that the support team ended the chat and will not be able to write in it any more. They can start a new chat from the website.`}
      confirmLabel="End chat"
      onConfirm={onConfirm}
    />
  );
}
