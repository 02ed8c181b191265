/**
 * The languages the support chat speaks to visitors: the widget, its mails (one-time code,
 * transcript, reply notice), the rating prompt and the out-of-hours notice. The widget picks one
 * from the browser's languages (or the visitor's own choice), sends it with the code request and
 * at registration, and the server keeps it with the conversation so mails follow it. Agents see
 * it in the console; what they write is never translated.
 */
import { z } from "zod/mini";

export const chatLanguages = [
  "en",
  "es",
  "pt-BR",
  "fr",
  "de",
  "it",
  "nl",
  "pl",
  "tr",
  "hi",
  "ar",
  "he",
] as const;
export type ChatLanguage = (typeof chatLanguages)[number];

export const defaultChatLanguage: ChatLanguage = "en";

/** Each language's own name, as the picker lists it (the visitor looks for their language). */
export const chatLanguageNames: Record<ChatLanguage, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  nl: "Nederlands",
  pl: "Polski",
  tr: "Türkçe",
  hi: "हिन्दी",
  ar: "العربية",
  he: "עברית",
};

/** The English name, for the console's agents (who read the label in their own interface). */
export const chatLanguageEnglishNames: Record<ChatLanguage, string> = {
  en: "English",
  es: "Spanish",
  "pt-BR": "Portuguese (Brazil)",
  fr: "French",
  de: "German",
  it: "Italian",
  nl: "Dutch",
  pl: "Polish",
  tr: "Turkish",
  hi: "Hindi",
  ar: "Arabic",
  he: "Hebrew",
};

const rtl: ReadonlySet<ChatLanguage> = new Set<ChatLanguage>(["ar", "he"]);

export function chatLanguageDirection(language: ChatLanguage): "ltr" | "rtl" {
  return rtl.has(language) ? "rtl" : "ltr";
}

export function isChatLanguage(value: unknown): value is ChatLanguage {
  return typeof value === "string" && (chatLanguages as readonly string[]).includes(value);
}

/**
 * The first of the browser's preferred languages (BCP 47 tags, best first) that the chat speaks:
 * an exact tag first ("pt-BR"), then the language alone ("de-AT" is German, "pt-PT" gets Brazilian
 * Portuguese, "iw" is the old code for Hebrew). English when none matches.
 */
export function matchChatLanguage(preferred: readonly string[]): ChatLanguage {
  for (const raw of preferred) {
    if (typeof raw !== "string") continue;
    const tag = raw.trim().toLowerCase();
    const exact = chatLanguages.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split(/[-_]/)[0] ?? "";
    const alias = base === "iw" ? "he" : base;
    const byBase = chatLanguages.find((l) => l.toLowerCase().split("-")[0] === alias);
    if (byBase) return byBase;
  }
  return defaultChatLanguage;
}

/** The optional `language` of the code request and of register; a tag outside the list is refused. */
export const chatLanguageField = z.optional(
  z.enum(chatLanguages, {
    error: `The language must be one of: ${chatLanguages.join(", ")}.`,
  }),
);
