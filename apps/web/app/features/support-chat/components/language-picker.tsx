/**
 * The widget's language picker: a native select (every platform's own list, keyboard and screen
 * reader behaviour), each language named in itself. The choice is loaded, shown at once and kept
 * for the next visit (i18n/chat-language.ts).
 */
import { chatLanguageNames, isChatLanguage } from "@hourline/contracts/chat-languages";
import {
  chooseChatLanguage,
  pickerLanguages,
  pseudoLanguage,
  t,
  type WidgetLanguage,
} from "../i18n/chat-language";

export function LanguagePicker({ language }: { language: WidgetLanguage }) {
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <label htmlFor="chat-language">{t("languageLabel")}</label>
      <select
        id="chat-language"
        data-testid="chat-language"
        value={language}
        onChange={(event) => {
          const next = event.currentTarget.value;
          // A catalogue that fails to load (offline) leaves the widget as it was: the select,
          // bound to the active language, shows it again.
          if (isChatLanguage(next)) chooseChatLanguage(next).catch(() => undefined);
        }}
        className="min-h-8 max-w-full rounded-md border border-white/60 bg-surface px-2 text-ink pointer-coarse:min-h-11"
      >
        {language === pseudoLanguage ? (
          <option value={pseudoLanguage}>{pseudoLanguage}</option>
        ) : null}
        {pickerLanguages.map((l) => (
          <option key={l} value={l} lang={l}>
            {chatLanguageNames[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
