/**
 * The reply editor, with the widget's rules: Enter sends, Shift+Enter breaks the line, blank text is
 * not sent, the editor clears after sending and grows with its text. One image of up to 25 MB can
 * be sent (checked before uploading). The draft is kept per conversation in this tab, so moving
 * between conversations, reloading, or signing in again after the session expired loses nothing.
 * A replies list ("/" at the start, or its button) fills the editor with a canned reply.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { CircleAlert, SendHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { ImagePickerButton, useImageUpload } from "~/lib/live-chat/image-picker";
import { uploadMessages } from "~/lib/live-chat/image-upload";
import { uploadReplyImage } from "../api/upload-reply-image";
import { CannedReplyPicker } from "./canned-reply-picker";
import { useConsole } from "./console-context";
import { isolateText } from "@hourline/contracts/text";

const EDITOR_MAX_HEIGHT_PX = 200;
const DRAFT_SAVE_DELAY_MS = 250;

export function ReplyComposer({
  conversationId,
  visitorName,
  editorRef,
}: {
  conversationId: number;
  visitorName: string;
  editorRef: Ref<HTMLTextAreaElement>;
}) {
  const { session } = useConsole();
  const [text, setText] = useState(() => session.draftOf(conversationId));
  const image = useImageUpload(
    (file) => uploadReplyImage(conversationId, file),
    (url) => session.sendImage(conversationId, url),
  );
  const [pickerOpen, setPickerOpen] = useState(false);
  const editor = useRef<HTMLTextAreaElement | null>(null);
  const saveTimer = useRef<number | null>(null);
  const latest = useRef(text);

  // Each conversation keeps its own draft (the parent mounts one composer per conversation); one
  // still waiting to be saved is saved on the way out (another conversation, another screen, or
  // the sign-in page after the session ended).
  useEffect(() => {
    requestAnimationFrame(fit);
    return () => {
      if (saveTimer.current !== null) {
        window.clearTimeout(saveTimer.current);
        saveTimer.current = null;
        session.saveDraft(conversationId, latest.current);
      }
      session.setTyping(conversationId, false);
    };
  }, [session, conversationId]);

  function fit() {
    const el = editor.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, EDITOR_MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > EDITOR_MAX_HEIGHT_PX ? "auto" : "hidden";
  }

  function change(value: string) {
    latest.current = value;
    setText(value);
    requestAnimationFrame(fit);
    session.setTyping(conversationId, value.trim().length > 0);
    if (saveTimer.current !== null) window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      saveTimer.current = null;
      session.saveDraft(conversationId, value);
    }, DRAFT_SAVE_DELAY_MS);
  }

  function send() {
    if (!session.sendText(conversationId, text)) return;
    if (saveTimer.current !== null) window.clearTimeout(saveTimer.current);
    saveTimer.current = null;
    session.saveDraft(conversationId, "");
    latest.current = "";
    setText("");
    requestAnimationFrame(fit);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (
      event.key === "Enter" &&
      !event.shiftKey &&
      !event.altKey &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault();
      send();
    } else if (event.key === "/" && text === "") {
      event.preventDefault();
      setPickerOpen(true);
    }
  }

  const editorId = `reply-editor-${conversationId}`;
  return (
    <div className="shrink-0 border-t border-line bg-surface px-4 pt-3 pb-4 sm:px-6">
      <form
        aria-label={`Reply to ${isolateText(visitorName)}`}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        className="flex items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={editorId} className="sr-only">
            Reply
          </label>
          <textarea
            ref={(el) => {
              editor.current = el;
              if (typeof editorRef === "function") editorRef(el);
              else if (editorRef) editorRef.current = el;
            }}
            id={editorId}
            rows={2}
            value={text}
            maxLength={chatLimits.typedText}
            placeholder={`Reply to ${isolateText(visitorName)}…`}
            onChange={(e) => change(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={`${editorId}-hint`}
            style={{ maxHeight: EDITOR_MAX_HEIGHT_PX }}
            className="block w-full resize-none overflow-y-hidden rounded-xl border border-muted/70 bg-surface px-3.5 py-2.5 text-ink shadow-sm placeholder:text-muted hover:border-ink"
          />
        </div>
        <CannedReplyPicker
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          onPick={(body) => change(text.trim() === "" ? body : `${text}\n${body}`)}
          focusOnClose={() => editor.current?.focus()}
        />
        <ImagePickerButton
          uploading={image.uploading}
          onPick={(file) => void image.send(file)}
          testId="reply-image-input"
        />
        <button
          type="submit"
          className="btn btn-primary size-11 shrink-0 p-0"
          aria-label="Send reply"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </form>
      <p id={`${editorId}-hint`} className="mt-2 text-xs text-muted">
        Enter sends, Shift+Enter starts a new line, / at the start picks a canned reply.{" "}
        {uploadMessages.limit}
      </p>
      {image.uploading ? (
        <p role="status" className="mt-1 text-xs text-muted">
          Uploading the image…
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
