/**
 * The widget's language: which one is active, its catalogue, and its words filled in with Intl
 * (plural forms, numbers, durations, times). English is bundled; each other language is a module
 * of its own, fetched only when it is the visitor's (dynamic import), so the launcher and the
 * widget's first load do not carry eleven languages. The visitor's choice is kept in this
 * browser's storage; without one, the browser's languages decide (navigator.languages).
 */
import {
  chatLanguageDirection,
  chatLanguages,
  isChatLanguage,
  matchChatLanguage,
  type ChatLanguage,
} from "@hourline/contracts/chat-languages";
import { formatMessage } from "@hourline/contracts/message-template";
import { browserStorage } from "~/lib/live-chat/browser-storage";
import { toMillis } from "~/lib/live-chat/clock-time";
import english, { type ChatCatalogue, type ChatPluralKey, type ChatTextKey } from "./catalogues/en";

/** The pseudo-locale: English accented and 40% longer, for finding clipped text in tests. */
export const pseudoLanguage = "en-XA";
export type WidgetLanguage = ChatLanguage | typeof pseudoLanguage;

type Loaded = { default: ChatCatalogue };
const loaders: Record<Exclude<WidgetLanguage, "en">, () => Promise<Loaded>> = {
  es: () => import("./catalogues/es"),
  "pt-BR": () => import("./catalogues/pt-br"),
  fr: () => import("./catalogues/fr"),
  de: () => import("./catalogues/de"),
  it: () => import("./catalogues/it"),
  nl: () => import("./catalogues/nl"),
  pl: () => import("./catalogues/pl"),
  tr: () => import("./catalogues/tr"),
  hi: () => import("./catalogues/hi"),
  ar: () => import("./catalogues/ar"),
  he: () => import("./catalogues/he"),
  [pseudoLanguage]: () => import("./catalogues/pseudo"),
};

/** Where the visitor's choice is kept, across tabs and visits. */
export const languageStorageKey = "hourline.chat.language";
/** `?chat-lang=en-XA` turns the pseudo-locale on (tests); the choice is not kept. */
export const languageQueryParam = "chat-lang";

export interface ActiveLanguage {
  language: WidgetLanguage;
  /** The Intl locale for dates, numbers and plurals ("en" for the pseudo-locale). */
  locale: string;
  dir: "ltr" | "rtl";
  catalogue: ChatCatalogue;
}

function activeOf(language: WidgetLanguage, catalogue: ChatCatalogue): ActiveLanguage {
  const pseudo = language === pseudoLanguage;
  return {
    language,
    locale: pseudo ? "en" : language,
    dir: pseudo ? "ltr" : chatLanguageDirection(language),
    catalogue,
  };
}

let active = activeOf("en", english);
const listeners = new Set<() => void>();

/** The active language, for useSyncExternalStore. */
export const chatLanguageStore = {
  get: (): ActiveLanguage => active,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The language the server keeps with the conversation (the pseudo-locale's mails are English). */
export function serverLanguage(): ChatLanguage {
  return active.language === pseudoLanguage ? "en" : active.language;
}

/** The stored choice, else the pseudo-locale when asked for, else the browser's languages. */
export function initialLanguage(
  search: string,
  storage: Storage | null,
  preferred: readonly string[],
): WidgetLanguage {
  if (new URLSearchParams(search).get(languageQueryParam) === pseudoLanguage) return pseudoLanguage;
  const stored = storage?.getItem(languageStorageKey);
  if (isChatLanguage(stored)) return stored;
  return matchChatLanguage(preferred);
}

async function load(language: WidgetLanguage): Promise<ChatCatalogue> {
  return language === "en" ? english : (await loaders[language]()).default;
}

/** Loads and activates the language the widget starts in. English when its module fails to load. */
export async function prepareChatLanguage(): Promise<void> {
  const language = initialLanguage(
    window.location.search,
    browserStorage(),
    navigator.languages ?? [navigator.language],
  );
  try {
    activate(language, await load(language));
  } catch {
    activate("en", english);
  }
}

/** The visitor's choice in the picker: loaded, shown and remembered. */
export async function chooseChatLanguage(language: ChatLanguage): Promise<void> {
  const catalogue = await load(language);
  try {
    browserStorage()?.setItem(languageStorageKey, language);
  } catch {
    // A full or blocked storage: the choice lasts for this page only.
  }
  activate(language, catalogue);
}

function activate(language: WidgetLanguage, catalogue: ChatCatalogue) {
  active = activeOf(language, catalogue);
  plurals = null;
  numbers = null;
  clock = null;
  for (const listener of listeners) listener();
}

export const pickerLanguages: readonly ChatLanguage[] = chatLanguages;

// Formatters for the active locale, made once per language.
let plurals: Intl.PluralRules | null = null;
let numbers: Intl.NumberFormat | null = null;
let clock: Intl.DateTimeFormat | null = null;

type Values = Readonly<Record<string, string | number>>;
/** `isolate: false` for a value already written in the language (a list Intl.ListFormat made). */
interface FillOptions {
  isolate?: boolean;
}

/**
 * A value put into a sentence: numbers in the language's digits and grouping; text isolated
 * (U+2068 … U+2069) in a right-to-left language, so an e-mail address or a Latin name keeps its
 * own order inside Arabic or Hebrew.
 */
function shown(value: string | number, isolate: boolean): string {
  if (typeof value === "number") {
    numbers ??= new Intl.NumberFormat(active.locale);
    return numbers.format(value);
  }
  return isolate && active.dir === "rtl" ? `\u2068${value}\u2069` : value;
}

function fill(message: string, values: Values | undefined, options?: FillOptions): string {
  if (!values) return message;
  const isolate = options?.isolate ?? true;
  return formatMessage(
    message,
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, shown(v, isolate)])),
  );
}

/** The active language's message, its `{placeholders}` filled in. */
export function t(key: ChatTextKey, values?: Values, options?: FillOptions): string {
  return fill(active.catalogue[key], values, options);
}

/** "PNG, JPEG, GIF or WebP" in the active language (Intl.ListFormat). */
export function formatOrList(items: readonly string[]): string {
  return new Intl.ListFormat(active.locale, { type: "disjunction" }).format(items);
}

/** The plural form Intl.PluralRules picks for `count`, with `{count}` and the rest filled in. */
export function tPlural(key: ChatPluralKey, count: number, values?: Values): string {
  plurals ??= new Intl.PluralRules(active.locale);
  const forms = active.catalogue[key];
  const form = forms[plurals.select(count)] ?? forms.other;
  return fill(form, { ...values, count });
}

/** A wait in the active language ("30 seconds", "2 Minuten"): seconds under a minute, else minutes. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [amount, unit] = s < 60 ? [s, "second"] : [Math.ceil(s / 60), "minute"];
  return new Intl.NumberFormat(active.locale, { style: "unit", unit, unitDisplay: "long" }).format(
    amount,
  );
}

/**
 * A size in megabytes in the active language ("25 MB", "25 Mo" in French); `fraction` digits
 * after the decimal sign when given ("26.0 MB", "26,0 MB").
 */
export function formatMegabytes(megabytes: number, fraction?: number): string {
  return new Intl.NumberFormat(active.locale, {
    style: "unit",
    unit: "megabyte",
    ...(fraction === undefined
      ? { maximumFractionDigits: 1 }
      : { minimumFractionDigits: fraction, maximumFractionDigits: fraction }),
  }).format(megabytes);
}

/** A time of day in the active language and the visitor's zone: "3:42 PM", "15:42", "١٥:٤٢". */
export function formatChatTime(time: number): string {
  clock ??= new Intl.DateTimeFormat(active.locale, { hour: "numeric", minute: "2-digit" });
  return clock.format(new Date(toMillis(time)));
}
