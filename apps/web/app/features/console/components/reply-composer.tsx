/**
 * The reply editor, with the widget's rules: Enter sends, Shift+Enter breaks the line, blank text is
 * not sent, the editor clears after sending and grows with its text. One image of up to 25 MB can
 * be sent (checked before uploading). The draft is kept per conversation in this tab, so moving
 * between conversations, reloading, or signing in again after the session expired loses nothing.
 * A replies list ("/" at the start, or its button) fills the editor with a canned reply, its
 * {visitor_name} and {agent_name} filled in.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { ImagePickerButton, useImageUpload } from "~/lib/live-chat/image-picker";
import { uploadMessages } from "~/lib/live-chat/image-upload";
import {
  ImageUploadNotes,
  SendButton,
  editorClassName,
  isSendKey,
  growToFit,
} from "~/lib/live-chat/message-editor";
import { uploadReplyImage } from "../api/upload-reply-image";
import { CannedReplyPicker } from "./canned-reply-picker";
import { fillCannedVariables } from "../model/canned-variables";
import { useConsole, useConsoleState } from "./console-context";
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
  /** The editor, for the shortcut that focuses it. */
  editorRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { session } = useConsole();
  const me = useConsoleState((s) => s.me);
  const [text, setText] = useState(() => session.draftOf(conversationId));
  const image = useImageUpload(
    (file) => uploadReplyImage(conversationId, file),
    (url) => session.sendImage(conversationId, url),
  );
  const [pickerOpen, setPickerOpen] = useState(false);
  const fit = () => growToFit(editorRef.current, EDITOR_MAX_HEIGHT_PX);
  const saveTimer = useRef<number | null>(null);
  const latest = useRef(text);

  // Each conversation keeps its own draft (the parent mounts one composer per conversation); one
  // still waiting to be saved is saved on the way out (another conversation, another screen, or
  // the sign-in page after the session ended).
  useEffect(() => {
    requestAnimationFrame(() => growToFit(editorRef.current, EDITOR_MAX_HEIGHT_PX));
    return () => {
      if (saveTimer.current !== null) {
        window.clearTimeout(saveTimer.current);
        saveTimer.current = null;
        session.saveDraft(conversationId, latest.current);
      }
      session.setTyping(conversationId, false);
    };
  }, [session, conversationId, editorRef]);

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
    if (isSendKey(event, { altSends: false })) {
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
            ref={editorRef}
            id={editorId}
            rows={2}
            value={text}
            maxLength={chatLimits.typedText}
            placeholder={`Reply to ${isolateText(visitorName)}…`}
            onChange={(e) => change(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={`${editorId}-hint`}
            style={{ maxHeight: EDITOR_MAX_HEIGHT_PX }}
            className={editorClassName}
          />
        </div>
        <CannedReplyPicker
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          onPick={(template) => {
            const body = fillCannedVariables(template, {
              visitor_name: visitorName,
              agent_name: me.name,
            });
            change(text.trim() === "" ? body : `${text}\n${body}`);
          }}
          focusOnClose={() => editorRef.current?.focus()}
        />
        <ImagePickerButton
          uploading={image.uploading}
          onPick={(file) => void image.send(file)}
          testId="reply-image-input"
        />
        <SendButton label="Send reply" />
      </form>
      <p id={`${editorId}-hint`} className="mt-2 text-xs text-muted">
        Enter sends, Shift+Enter starts a new line, / at the start picks a canned reply.{" "}
        {uploadMessages.limit}
      </p>
      <ImageUploadNotes upload={image} uploadingText="Uploading the image…" />
    </div>
  );
}
