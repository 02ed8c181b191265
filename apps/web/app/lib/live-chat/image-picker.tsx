/**
 * Sending one image, in the widget and in the console: a button that opens the file chooser, the
 * size and type checked before anything is uploaded, the upload itself (each client has its own
 * endpoint), and what went wrong in words. The hidden input is cleared at once, so choosing the
 * same file again is a new choice.
 */
import { uploadImageTypes } from "@hourline/contracts/chat-message";
import { ImagePlus, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import {
  checkImageFile,
  uploadMessages,
  type ImageUploadOutcome,
  type UploadMessages,
} from "./image-upload";

export function useImageUpload(
  upload: (file: File) => Promise<ImageUploadOutcome>,
  onUploaded: (url: string) => void,
  messages: UploadMessages = uploadMessages,
) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File) {
    if (uploading) return;
    const refused = checkImageFile(file, messages);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setUploading(true);
    const outcome = await upload(file);
    setUploading(false);
    if (outcome.kind === "uploaded") onUploaded(outcome.url);
    else setProblem(outcome.message);
  }

  return { uploading, problem, send };
}

export function ImagePickerButton({
  uploading,
  onPick,
  describedBy,
  testId,
  labels = { send: "Send an image", uploading: "Uploading image" },
}: {
  /** The button's name while idle and while uploading. */
  labels?: { send: string; uploading: string };
  uploading: boolean;
  onPick: (file: File) => void;
  describedBy?: string;
  /** The hidden file input's test id. */
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary size-11 shrink-0 p-0"
        onClick={() => {
          if (!uploading) input.current?.click();
        }}
        aria-label={uploading ? labels.uploading : labels.send}
        aria-describedby={describedBy}
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
      <input
        ref={input}
        type="file"
        accept={uploadImageTypes.join(",")}
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        data-testid={testId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file && !uploading) onPick(file);
        }}
      />
    </>
  );
}
