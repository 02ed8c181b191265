import { chatLanguages } from "@hourline/contracts/chat-languages";
import { catalogueProblems } from "@hourline/contracts/message-template";
import { describe, expect, it } from "vitest";
import { chatMailCopy } from "./chat-mail-copy";
import { chatOtpMail, chatTranscriptMail, transcriptLine } from "./chat-mails";

describe("the chat mails' copy", () => {
  it("has every key in every language, with English's placeholders", () => {
    expect(Object.keys(chatMailCopy).sort()).toEqual([...chatLanguages].sort());
    expect(catalogueProblems(chatMailCopy.en, chatMailCopy)).toEqual([]);
  });

  it("catches a missing key, a lost placeholder and an unknown key", () => {
    const { otpIntro: _dropped, ...withoutIntro } = chatMailCopy.de;
    expect(
      catalogueProblems(chatMailCopy.en, {
        de: { ...withoutIntro, greeting: "Hallo,", extra: "x" },
      }),
    ).toEqual([
      "de: missing otpIntro",
      "de: greeting has {}, English has {name}",
      "de: unknown key extra",
    ]);
  });

  it("writes the code mail in Arabic, right to left, with the minutes in Arabic", () => {
    const mail = chatOtpMail("a@example.com", "123456", 10, "ar");
    expect(mail.subject).toBe("رمز الدردشة الخاص بك من Hourline");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<strong dir="ltr"');
    expect(mail.text).toContain(
      new Intl.NumberFormat("ar", { style: "unit", unit: "minute", unitDisplay: "long" }).format(
        10,
      ),
    );
    expect(mail.text).toContain("123456");
    expect(mail.text).not.toContain("valid for");
  });

  it("writes the code mail in German", () => {
    const mail = chatOtpMail("a@example.com", "123456", 10, "de");
    expect(mail.subject).toBe("Ihr Code für den Hourline-Chat");
    expect(mail.text).toContain("Er gilt 10 Minuten lang");
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
  });

  it("dates the transcript the visitor's way and isolates each message's direction", () => {
    const at = Date.UTC(2026, 10, 28, 14, 5);
    const mail = chatTranscriptMail({
      to: "a@example.com",
      visitorName: "דנה",
      startedAt: at,
      endedAt: at + 60_000,
      lines: [transcriptLine({ author: "Asha", fromVisitor: false, at, text: "Hello" }, "he")],
      chatUrl: "https://example.com/chat/resume?x",
      language: "he",
    });
    expect(mail.subject).toBe("שיחת התמיכה שלך עם Hourline");
    expect(mail.html).toContain("<bdi>דנה</bdi>");
    expect(mail.html).toContain('<p dir="auto"');
    expect(mail.html).toContain("border-right:3px");
    const german = transcriptLine({ author: "A", fromVisitor: true, at, text: "x" }, "de");
    expect(german.text).toContain("28. Nov. 2026, 14:05 UTC");
  });
});
