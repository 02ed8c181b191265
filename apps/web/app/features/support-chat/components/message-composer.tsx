/**
 * The input row: Enter sends, Shift+Enter breaks the line, blank text is not sent,
 * the editor clears after sending and grows with its text up to 100 px, then scrolls. One image of
 * up to 25 MB can be sent; the limit is said before choosing and checked before uploading.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { CircleAlert, SendHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ImagePickerButton, useImageUpload } from "~/lib/live-chat/image-picker";
import { uploadMessages } from "~/lib/live-chat/image-upload";
import { uploadChatImage } from "../api/upload-chat-image";

/** The editor is at most this tall. */
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
  const image = useImageUpload(uploadChatImage, onImage);
  const editor = useRef<HTMLTextAreaElement>(null);

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
        <ImagePickerButton
          uploading={image.uploading}
          onPick={(file) => void image.send(file)}
          describedBy="chat-image-hint"
          testId="chat-image-input"
        />
        <button
          type="submit"
          className="btn btn-primary size-11 shrink-0 p-0"
          aria-label="Send message"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </form>
      <p id="chat-editor-hint" className="mt-2 text-xs text-muted">
        Enter sends, Shift+Enter starts a new line.{" "}
        <span id="chat-image-hint">{uploadMessages.limit}</span>
      </p>
      {image.uploading ? (
        <p role="status" className="mt-1 text-xs text-muted">
          Uploading your image…
        </p>
      ) : null}
      {image.problem ? (
        <p role="alert" className="mt-2 flex gap-1.5 text-sm font-semibold text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {image.problem}
        </p>
      ) : null}
    </div>
  );
}
