import { CircleCheck } from "lucide-react";
import { Dialog } from "radix-ui";

/**
 * Opens when a message was sent. Focus starts on OK and, when the dialog closes, goes where the
 * form says (its first field), since no button opened the dialog to return to.
 */
export function ThankYouDialog({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="card fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 p-6 text-center sm:p-8"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <CircleCheck
            aria-hidden="true"
            className="mx-auto size-12 text-teal"
            strokeWidth={1.75}
          />
          <Dialog.Title className="mt-4 text-2xl font-bold text-ink">Thank You!</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">
            Your message was sent. Our team will get back to you soon.
          </Dialog.Description>
          <Dialog.Close className="btn btn-primary mt-6 min-w-28">OK</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
