/**
 * The input row: Enter sends, Shift+Enter breaks the line, blank text is not sent,
 * the editor clears after sending and grows with its text up to 100 px, then scrolls. One image of
 * up to 25 MB can be sent; the limit is said before choosing and checked before uploading.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { useEffect, useRef, useState } from "react";
import { ImagePickerButton, useImageUpload } from "~/lib/live-chat/image-picker";
import {
  ImageUploadNotes,
  SendButton,
  editorClassName,
  isSendKey,
  growToFit,
} from "~/lib/live-chat/message-editor";
import { uploadChatImage } from "../api/upload-chat-image";
import { t } from "../i18n/chat-language";
import { sharedWords } from "../i18n/shared-words";

/** The editor is at most this tall. */
export const EDITOR_MAX_HEIGHT_PX = 100;

export function MessageComposer({
  focusOnMount,
  onSend,
  onTyping,
  onImage,
}: {
  /** Take focus when shown (not on touch screens, where it would open the keyboard). */
  focusOnMount: boolean;
  /** Returns false when there was nothing to send. */
  onSend: (text: string) => boolean;
  onTyping: (typing: boolean) => void;
  onImage: (url: string) => void;
}) {
  const [text, setText] = useState("");
  const words = sharedWords();
  const image = useImageUpload(uploadChatImage, onImage, words.upload);
  const editor = useRef<HTMLTextAreaElement>(null);
  const fit = () => growToFit(editor.current, EDITOR_MAX_HEIGHT_PX);

  // The panel replaces the form whose Start Chat had focus: the editor takes it.
  useEffect(() => {
    if (focusOnMount) editor.current?.focus();
    // Only when the composer first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function send() {
    if (!onSend(text)) return;
    setText("");
    // Focus stays in the editor, so an on-screen keyboard stays open for the next message.
    editor.current?.focus();
    requestAnimationFrame(fit);
  }

  return (
    <div className="shrink-0 border-t border-line px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <form
        aria-label={t("composer")}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        className="flex items-end gap-2"
        onPointerDown={(event) => {
          // Pressing Send must not take focus from the editor: that would close the keyboard.
          if (
            event.target instanceof Element &&
            event.target.closest("button[type=submit]") &&
            document.activeElement === editor.current
          ) {
            event.preventDefault();
          }
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="chat-editor" className="sr-only">
            {t("editorLabel")}
          </label>
          <textarea
            ref={editor}
            id="chat-editor"
            rows={1}
            value={text}
            maxLength={chatLimits.typedText}
            placeholder={t("editorPlaceholder")}
            onChange={(e) => {
              setText(e.target.value);
              fit();
              onTyping(e.target.value.trim().length > 0);
            }}
            onKeyDown={(event) => {
              if (!isSendKey(event, { altSends: true })) return;
              event.preventDefault();
              send();
            }}
            aria-describedby="chat-editor-hint"
            style={{ maxHeight: EDITOR_MAX_HEIGHT_PX }}
            className={editorClassName}
          />
        </div>
        <ImagePickerButton
          uploading={image.uploading}
          onPick={(file) => void image.send(file)}
          describedBy="chat-image-hint"
          testId="chat-image-input"
          labels={words.picker}
        />
        <SendButton label={t("sendMessage")} />
      </form>
      {/* On a short screen the hint is read with the editor but not shown, to leave room. */}
      <p
        id="chat-editor-hint"
        className="mt-1.5 text-xs text-muted [@media(max-height:500px)]:sr-only"
      >
        {/* Touch screens have no Shift+Enter to speak of: the hint is for keyboards only. */}
        <span className="pointer-coarse:hidden">{t("editorHint")} </span>
        <span id="chat-image-hint">{words.upload.limit}</span>
      </p>
      <ImageUploadNotes upload={image} uploadingText={t("uploadingYourImage")} />
    </div>
  );
}
