/** The visitor's End Chat with its confirmation: "Are you sure?", Confirm or Cancel. */
import { AlertDialog } from "radix-ui";
import { useRef } from "react";
import { brand } from "~/brand";

export function EndChatButton({ onConfirm }: { onConfirm: () => void }) {
  const confirmed = useRef(false);
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className="btn btn-secondary min-h-9 px-3.5 py-1.5 text-sm">
        End Chat
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-black/40" />
        <AlertDialog.Content
          className="card fixed top-1/2 left-1/2 z-[70] w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 p-6"
          onCloseAutoFocus={(event) => {
            // After Confirm the button is gone; the new form takes focus instead.
            if (confirmed.current) event.preventDefault();
          }}
        >
          <AlertDialog.Title className="text-xl font-bold text-ink">
            Are you sure?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            You want to end this chat with {brand.name} Support Team?
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="btn btn-secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn btn-primary"
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              Confirm
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
