import { chatLanguages, type ChatLanguage } from "@hourline/contracts/chat-languages";
import { catalogueProblems, placeholdersOf } from "@hourline/contracts/message-template";
import { afterEach, describe, expect, it } from "vitest";
import english, { type ChatCatalogue, type PluralMessage } from "./catalogues/en";
import pseudo from "./catalogues/pseudo";
import {
  chooseChatLanguage,
  formatWait,
  initialLanguage,
  languageStorageKey,
  serverLanguage,
  t,
  tPlural,
} from "./chat-language";
import { sharedWords } from "./shared-words";

const others = chatLanguages.filter((l) => l !== "en");
const modules = import.meta.glob<{ default: ChatCatalogue }>("./catalogues/*.ts", {
  eager: true,
});
function catalogueOf(language: ChatLanguage): ChatCatalogue {
  const file = `./catalogues/${language.toLowerCase()}.ts`;
  const found = modules[file];
  if (!found) throw new Error(`No catalogue module ${file}`);
  return found.default;
}

/** The plain messages of a catalogue, for catalogueProblems. */
function strings(catalogue: ChatCatalogue): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalogue).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}
function plurals(catalogue: ChatCatalogue): Record<string, PluralMessage> {
  return Object.fromEntries(
    Object.entries(catalogue).filter((e): e is [string, PluralMessage] => typeof e[1] === "object"),
  );
}

describe("the widget's catalogues", () => {
  it("has one module per chat language", () => {
    for (const language of chatLanguages) expect(catalogueOf(language)).toBeTruthy();
  });

  it("every language has every English key with the same placeholders", () => {
    const all = Object.fromEntries(others.map((l) => [l, strings(catalogueOf(l))]));
    expect(catalogueProblems(strings(english), all)).toEqual([]);
  });

  it("every plural message has exactly its language's plural categories, with English's placeholders", () => {
    for (const language of others) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const catalogue = plurals(catalogueOf(language));
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(plurals(english)).sort());
      for (const [key, forms] of Object.entries(catalogue)) {
        const want = placeholdersOf(plurals(english)[key]?.other ?? "");
        expect([language, key, Object.keys(forms).sort()]).toEqual([
          language,
          key,
          [...categories].sort(),
        ]);
        expect(placeholdersOf(forms.other)).toEqual(want);
        // Arabic and Hebrew write "one second" and "two seconds" without the digit.
        for (const form of Object.values(forms) as string[]) {
          for (const name of placeholdersOf(form)) expect(want).toContain(name);
        }
      }
    }
  });

  it("no language is English copied: most of its messages differ from English", () => {
    for (const language of others) {
      const own = strings(catalogueOf(language));
      const same = Object.entries(strings(english)).filter(([k, v]) => own[k] === v);
      // Names, "Chat", "E-mail" and "{name}: {problem}"-like messages may be alike.
      expect(same.length, `${language}: ${same.map(([k]) => k).join(", ")}`).toBeLessThan(8);
    }
  });

  it("the pseudo-locale is every English message accented and at least 40% longer", () => {
    for (const [key, value] of Object.entries(strings(english))) {
      const shown = strings(pseudo)[key] ?? "";
      expect(shown.length).toBeGreaterThanOrEqual(value.length * 1.4);
      expect(placeholdersOf(shown)).toEqual(placeholdersOf(value));
    }
    expect(strings(pseudo).sendCode).toMatch(/^\[Šéñd çódé /);
  });
});

describe("the active language", () => {
  afterEach(async () => {
    await chooseChatLanguage("en");
  });

  it("starts from the stored choice, then the pseudo-locale flag, then the browser's languages", () => {
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null } as Storage;
    expect(initialLanguage("", store, ["de-AT", "en"])).toBe("de");
    expect(initialLanguage("", store, ["pt-PT"])).toBe("pt-BR");
    expect(initialLanguage("", store, ["ja", "ko"])).toBe("en");
    expect(initialLanguage("?chat-lang=en-XA", store, ["de"])).toBe("en-XA");
    storage.set(languageStorageKey, "he");
    expect(initialLanguage("", store, ["de"])).toBe("he");
    storage.set(languageStorageKey, "xx");
    expect(initialLanguage("", store, ["fr-CA"])).toBe("fr");
    expect(initialLanguage("", null, ["ar-EG"])).toBe("ar");
  });

  it("fills messages, plurals and durations in German", async () => {
    await chooseChatLanguage("de");
    expect(t("endedAt", { time: "14:05" })).toBe("Sie haben diesen Chat um 14:05 beendet.");
    expect(tPlural("reconnectIn", 1)).toBe("Neuer Verbindungsversuch in 1 Sekunde …");
    expect(tPlural("reconnectIn", 3)).toBe("Neuer Verbindungsversuch in 3 Sekunden …");
    expect(formatWait(600)).toBe("10 Minuten");
    expect(serverLanguage()).toBe("de");
  });

  it("picks Arabic's plural forms by Intl.PluralRules and isolates Latin text in it", async () => {
    await chooseChatLanguage("ar");
    expect(tPlural("reconnectIn", 1)).toBe("إعادة الاتصال خلال ثانية واحدة…");
    expect(tPlural("reconnectIn", 2)).toBe("إعادة الاتصال خلال ثانيتين…");
    expect(tPlural("reconnectIn", 5)).toMatch(/ثوانٍ…$/);
    expect(tPlural("reconnectIn", 11)).toMatch(/ثانية…$/);
    // The address keeps its own left-to-right order inside the Arabic sentence.
    expect(t("transcriptAhead", { email: "ravi@visitors.example" })).toBe(
      "سنرسل نص المحادثة إلى \u2068ravi@visitors.example\u2069.",
    );
    // A list written by Intl.ListFormat is Arabic already: not isolated.
    expect(sharedWords().upload.wrongType).toBe(
      "لا يمكن إرسال إلا صور PNG أو JPEG أو GIF أو WebP.",
    );
  });
});
