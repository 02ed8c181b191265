/**
 * The words the widget hands to the parts it shares with the console (lib/live-chat): the message
 * items, delivery states and image checks, which default to English there. One object per active
 * language, so memoized message items draw again only when the language changes.
 */
import { chatLimits, uploadImageTypes } from "@hourline/contracts/chat-message";
import type { UploadMessages } from "~/lib/live-chat/image-upload";
import type { MessageWords } from "~/lib/live-chat/message-log";
import {
  chatLanguageStore,
  formatMegabytes,
  formatOrList,
  t,
  type ActiveLanguage,
} from "./chat-language";

/** How a visitor knows each image type the chat takes. */
const imageTypeNames: Record<(typeof uploadImageTypes)[number], string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WebP",
};

const MB = 1024 * 1024;

interface SharedWords {
  message: MessageWords;
  upload: UploadMessages;
  picker: { send: string; uploading: string };
}

const made = new WeakMap<ActiveLanguage, SharedWords>();

function make(): SharedWords {
  const size = formatMegabytes(chatLimits.uploadBytes / MB);
  return {
    message: {
      you: t("you"),
      delivery: {
        sent: t("sent"),
        sending: t("sending"),
        notSent: t("notSent"),
        notSentBecause: (error) => t("notSentBecause", { error }),
        retry: t("retry"),
      },
    },
    upload: {
      limit: t("imageLimit", { size }),
      tooLarge: (bytes) => t("imageTooLarge", { actual: formatMegabytes(bytes / MB, 1), size }),
      tooLargeServer: t("imageTooLargeServer", { size }),
      wrongType: t(
        "imageWrongType",
        { types: formatOrList(uploadImageTypes.map((type) => imageTypeNames[type])) },
        { isolate: false },
      ),
      unreadable: t("imageUnreadable"),
    },
    picker: { send: t("sendImage"), uploading: t("uploadingImage") },
  };
}

export function sharedWords(): SharedWords {
  const active = chatLanguageStore.get();
  let words = made.get(active);
  if (!words) {
    words = make();
    made.set(active, words);
  }
  return words;
}
