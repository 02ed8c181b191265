/**
 * The input row (spec §4/§9): Enter sends, Shift+Enter breaks the line, blank text is not sent,
 * the editor clears after sending and grows with its text up to 100 px, then scrolls. One image of
 * up to 25 MB can be sent; the limit is said before choosing and checked before uploading.
 */
import { chatLimits, uploadImageTypes } from "@hourline/contracts/chat";
import { CircleAlert, ImagePlus, LoaderCircle, SendHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { checkImageFile, uploadMessages } from "~/lib/live-chat/image-upload";
import { uploadChatImage } from "../api/upload-chat-image";

/** Spec §9: the editor is at most this tall. */
export const EDITOR_MAX_HEIGHT_PX = 100;

export function MessageComposer({
  onSend,
  onTyping,
  onImage,
}: {
  /** Returns false when there was nothing to send. */
  onSend: (text: string) => boolean;
  onTyping: (typing: boolean) => void;
  onImage: (url: string) => void;
}) {
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The panel replaces the form whose Start Chat had focus: the editor takes it.
  useEffect(() => {
    editor.current?.focus();
  }, []);

  function fit() {
    const el = editor.current;
    if (!el) return;
    el.style.height = "auto";
    const height = Math.min(el.scrollHeight, EDITOR_MAX_HEIGHT_PX);
    el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > EDITOR_MAX_HEIGHT_PX ? "auto" : "hidden";
  }

  function send() {
    if (!onSend(text)) return;
    setText("");
    requestAnimationFrame(fit);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again is a new choice.
    input.value = "";
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setImageError(problem);
      return;
    }
    setImageError(null);
    setUploading(true);
    const outcome = await uploadChatImage(file);
    setUploading(false);
    if (outcome.kind === "uploaded") onImage(outcome.url);
    else setImageError(outcome.message);
  }

  return (
    <div className="border-t border-line px-4 pt-3 pb-4">
      <form
        aria-label="Send a message"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        className="flex items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="chat-editor" className="sr-only">
            Message
          </label>
          <textarea
            ref={editor}
            id="chat-editor"
            rows={1}
            value={text}
            maxLength={chatLimits.typedText}
            placeholder="Write a message…"
            onChange={(e) => {
              setText(e.target.value);
              fit();
              onTyping(e.target.value.trim().length > 0);
            }}
            onKeyDown={onKeyDown}
            aria-describedby="chat-editor-hint"
            style={{ maxHeight: EDITOR_MAX_HEIGHT_PX }}
            className="block w-full resize-none overflow-y-hidden rounded-xl border border-muted/70 bg-surface px-3.5 py-2.5 text-ink shadow-sm placeholder:text-muted hover:border-ink"
          />
        </div>
        <button
          type="button"
          className="btn btn-secondary size-11 shrink-0 p-0"
          onClick={() => {
            if (!uploading) fileInput.current?.click();
          }}
          aria-label={uploading ? "Uploading image" : "Send an image"}
          aria-describedby="chat-image-hint"
          aria-disabled={uploading || undefined}
        >
          {uploading ? (
            <LoaderCircle
              aria-hidden="true"
              className="size-5 animate-spin motion-reduce:animate-none"
            />
          ) : (
            <ImagePlus aria-hidden="true" className="size-5" />
          )}
        </button>
        <button
          type="submit"
          className="btn btn-primary size-11 shrink-0 p-0"
          aria-label="Send message"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={uploadImageTypes.join(",")}
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          data-testid="chat-image-input"
          onChange={(e) => {
            if (uploading) return;
            void onFile(e);
          }}
        />
      </form>
      <p id="chat-editor-hint" className="mt-2 text-xs text-muted">
        Enter sends, Shift+Enter starts a new line.{" "}
        <span id="chat-image-hint">{uploadMessages.limit}</span>
      </p>
      {uploading ? (
        <p role="status" className="mt-1 text-xs text-muted">
          Uploading your image…
        </p>
      ) : null}
      {imageError ? (
        <p role="alert" className="mt-2 flex gap-1.5 text-sm font-semibold text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {imageError}
        </p>
      ) : null}
    </div>
  );
}
