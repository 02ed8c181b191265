/**
 * The frame every console dialog shares: the dimmed page behind, a card in the middle of the
 * screen above the console's sticky parts, scrolling inside when the screen is short. Dialogs that
 * can be closed freely (the shortcuts list, a new password) also get the title row with a Close
 * button and the description; confirmations keep their own buttons (`ConfirmDialog`).
 */
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

export const consoleDialogOverlayClass = "fixed inset-0 z-[70] bg-black/40";

/** The card's place and look; add a width, e.g. `w-[min(92vw,26rem)]`. */
export const consoleDialogCardClass =
  "card fixed top-1/2 left-1/2 z-[70] max-h-[90dvh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6";

/** The round "Close" button in a dialog's title row. */
export function DialogCloseButton() {
  return (
    <Dialog.Close
      className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-sunken hover:text-ink"
      aria-label="Close"
    >
      <X aria-hidden="true" className="size-5" />
    </Dialog.Close>
  );
}

/** A Radix dialog's portal, overlay and card, with the title, a Close button and the description. */
export function ConsoleDialogContent({
  title,
  description,
  widthClass = "w-[min(92vw,26rem)]",
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  widthClass?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={consoleDialogOverlayClass} />
      <Dialog.Content className={`${consoleDialogCardClass} ${widthClass}`}>
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title className="text-xl font-bold text-ink">{title}</Dialog.Title>
          <DialogCloseButton />
        </div>
        <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
