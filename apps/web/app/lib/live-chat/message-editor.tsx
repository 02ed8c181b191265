/**
 * What the widget's and the console's message editors share: the textarea grows with its text up
 * to a height and then scrolls; Enter sends and Shift+Enter breaks the line (an Enter that confirms
 * an input method's composition sends nothing); the send button; and what an image upload says.
 */
import { CircleAlert, SendHorizontal } from "lucide-react";
import type { KeyboardEvent } from "react";

export const editorClassName =
  "block w-full resize-none overflow-y-hidden rounded-xl border border-muted/70 bg-surface px-3.5 py-2.5 text-ink shadow-sm placeholder:text-muted hover:border-ink";

/** Sets the editor's height to its text's, at most `maxHeightPx`; past that it scrolls. */
export function growToFit(el: HTMLTextAreaElement | null, maxHeightPx: number): void {
  if (!el) return;
  el.style.height = "auto";
  el.style.height = `${Math.min(el.scrollHeight, maxHeightPx)}px`;
  el.style.overflowY = el.scrollHeight > maxHeightPx ? "auto" : "hidden";
}

/**
 * Whether a key press in the editor sends the message. `altSends: false` where Alt belongs to the
 * client's shortcuts (the console), so Alt+Enter does nothing there.
 */
export function isSendKey(
  event: KeyboardEvent<HTMLTextAreaElement>,
  { altSends }: { altSends: boolean },
): boolean {
  return (
    event.key === "Enter" &&
    !event.shiftKey &&
    (altSends || !event.altKey) &&
    !event.nativeEvent.isComposing
  );
}

export function SendButton({ label }: { label: string }) {
  return (
    <button type="submit" className="btn btn-primary size-11 shrink-0 p-0" aria-label={label}>
      {/* The arrow points the way text runs: leftwards in Arabic and Hebrew. */}
      <SendHorizontal aria-hidden="true" className="size-5 rtl:-scale-x-100" />
    </button>
  );
}

/** Under the editor: that an image is uploading, or why it was not sent. */
export function ImageUploadNotes({
  upload: { uploading, problem },
  uploadingText,
}: {
  /** The upload's state (useImageUpload). */
  upload: { uploading: boolean; problem: string | null };
  uploadingText: string;
}) {
  return (
    <>
      {uploading ? (
        <p role="status" className="mt-1 text-xs text-muted">
          {uploadingText}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-2 flex gap-1.5 text-sm font-semibold text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      ) : null}
    </>
  );
}
