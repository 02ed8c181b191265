/**
 * A question before something that cannot be taken back (ending a chat, removing a reply,
 * disabling an agent): Radix's alert dialog, so focus is trapped, Escape cancels and focus returns
 * to the trigger.
 */
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { consoleDialogCardClass, consoleDialogOverlayClass } from "./console-dialog";

export function ConfirmDialog({
  trigger,
  triggerClassName,
  triggerLabel,
  title,
  description,
  confirmLabel,
  onConfirm,
  open,
  onOpenChange,
}: {
  /** The trigger button's content. */
  trigger: ReactNode;
  triggerClassName: string;
  /** The trigger's accessible name when its content is only an icon. */
  triggerLabel?: string;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Controlled from outside (a keyboard shortcut opens it), or left to the trigger. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <AlertDialog.Root
      {...(open === undefined ? {} : { open })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <AlertDialog.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={consoleDialogOverlayClass} />
        <AlertDialog.Content className={`${consoleDialogCardClass} w-[min(92vw,26rem)]`}>
          <AlertDialog.Title className="text-xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="btn btn-secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
