/**
 * The visitor's "End chat" with its confirmation: "End this chat?", what happens to the
 * transcript, then "End chat" or "Keep chatting" (which has focus, so Enter never ends by mistake).
 */
import { AlertDialog } from "radix-ui";
import { useRef } from "react";
import { chatLanguageStore, t } from "../i18n/chat-language";

/** Every word of the end confirmation, in one place, in the widget's active language. */
export const endChatTexts = {
  get trigger() {
    return t("endTrigger");
  },
  get title() {
    return t("endTitle");
  },
  get keep() {
    return t("endKeep");
  },
  get confirm() {
    return t("endConfirm");
  },
};

export function EndChatButton({
  onConfirm,
  transcriptNote,
}: {
  onConfirm: () => void;
  /** Where the transcript goes (or that none was asked for). */
  transcriptNote: string;
}) {
  const confirmed = useRef(false);
  // The question is drawn outside the widget's root (a portal on <body>): it takes its language.
  const { language, dir } = chatLanguageStore.get();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className="btn btn-secondary min-h-11 px-3.5 py-1.5 text-sm">
        {endChatTexts.trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-black/40" />
        <AlertDialog.Content
          // A modal question: said so to assistive technology, and the rest is hidden meanwhile.
          aria-modal="true"
          lang={language}
          dir={dir}
          className="card fixed top-1/2 left-1/2 z-[70] max-h-[calc(100dvh-1rem)] w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6"
          onCloseAutoFocus={(event) => {
            // After ending, the button is gone; the closing screen takes focus instead.
            if (confirmed.current) event.preventDefault();
          }}
        >
          <AlertDialog.Title className="text-xl font-bold text-ink">
            {endChatTexts.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {transcriptNote}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="btn btn-secondary">
              {endChatTexts.keep}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn btn-primary"
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {endChatTexts.confirm}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
