import { afterEach, describe, expect, it, vi } from "vitest";
import { chooseChatLanguage } from "../i18n/chat-language";
import { callFailureWords, fieldProblemWords, refusalWords, type FailedCall } from "./error-words";
import { registerChatVisitor } from "./register-chat-visitor";
import { requestChatCode } from "./request-chat-code";
import { verifyChatCode } from "./verify-chat-code";

const failed = (
  status: number,
  code: string,
  message: string,
  extra: Partial<FailedCall["error"]> = {},
  retryAfterSeconds?: number,
): FailedCall => ({
  ok: false,
  status,
  error: { code, message, ...extra },
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

function answer(status: number, error: Record<string, unknown>) {
  return vi.fn(async () => new Response(JSON.stringify({ status, error }), { status }));
}

/** Right-to-left isolation marks around filled-in values, left out for comparing. */
const plain = (s: string) => s.replace(/[\u2068\u2069]/g, "");

afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseChatLanguage("en");
});

const english = {
  otp_invalid: "That code is not right. You have 4 tries left.",
  otp_expired: "This code has expired or was already used. Please ask for a new code.",
  otp_locked: "Too many wrong codes. Please ask for a new code.",
  forbidden: "This address cannot start a chat. Please write to us by e-mail.",
  rating_token_used: "This rating was already sent with this link. Thank you!",
};

describe("the server's refusals in the visitor's language", () => {
  it("says each code of a call in German", async () => {
    await chooseChatLanguage("de");
    const cases: [FailedCall, string][] = [
      [
        failed(400, "otp_invalid", english.otp_invalid, { attempts_left: 4 }),
        "Dieser Code stimmt nicht. Sie haben noch 4 Versuche.",
      ],
      [
        failed(400, "otp_invalid", english.otp_invalid, { attempts_left: 1 }),
        "Dieser Code stimmt nicht. Sie haben noch 1 Versuch.",
      ],
      [
        failed(400, "otp_invalid", english.otp_invalid),
        "Dieser Code stimmt nicht. Prüfen Sie die 6 Ziffern in der neuesten E-Mail und versuchen Sie es erneut.",
      ],
      [
        failed(400, "otp_expired", english.otp_expired),
        "Dieser Code ist abgelaufen oder wurde durch einen neueren ersetzt. Bitte fordern Sie einen neuen Code an.",
      ],
      [
        failed(400, "otp_locked", english.otp_locked),
        "Zu viele falsche Versuche – dieser Code gilt nicht mehr. Bitte fordern Sie einen neuen Code an.",
      ],
      [
        failed(403, "forbidden", english.forbidden),
        "Mit dieser Adresse kann kein Chat gestartet werden. Bitte schreiben Sie uns eine E-Mail.",
      ],
      [
        failed(429, "rate_limited", "Too many requests. Please try again in 15 minutes.", {}, 900),
        "Zu viele Anfragen. Bitte versuchen Sie es in 15 Minuten erneut.",
      ],
      [
        failed(429, "rate_limited", "Wait.", {}, 40),
        "Zu viele Anfragen. Bitte versuchen Sie es in 40 Sekunden erneut.",
      ],
      [
        failed(409, "rating_token_used", english.rating_token_used),
        "Mit diesem Link wurde bereits eine Bewertung abgegeben. Vielen Dank!",
      ],
      [
        failed(409, "rating_token_expired", "Rating links work for 7 days."),
        "Bewertungslinks gelten 7 Tage nach dem Chat. Schreiben können Sie uns jederzeit.",
      ],
      [
        failed(404, "rating_token_invalid", "This rating link is not valid."),
        "Dieser Bewertungslink ist ungültig. Bitte verwenden Sie den Link aus Ihrer neuesten E-Mail.",
      ],
      [
        failed(401, "unauthorized", "Please verify your e-mail address to chat."),
        "Ihre Chat-Sitzung ist abgelaufen. Bitte bestätigen Sie Ihre E-Mail-Adresse erneut.",
      ],
      // A code the widget does not know: its own general words, never the server's English.
      [
        failed(400, "brand_new", "Something new went wrong."),
        "Das hat nicht geklappt. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.",
      ],
      [
        failed(503, "unavailable", "The server is restarting."),
        "Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.",
      ],
    ];
    for (const [result, words] of cases)
      expect([result.error.code, callFailureWords(result)]).toEqual([result.error.code, words]);
  });

  it("says each code of a call in Arabic, with Arabic digits and waits", async () => {
    await chooseChatLanguage("ar");
    expect(callFailureWords(failed(400, "otp_invalid", "x", { attempts_left: 4 }))).toBe(
      `هذا الرمز غير صحيح. تتبقّى لديك ${new Intl.NumberFormat("ar").format(4)} محاولات.`,
    );
    expect(callFailureWords(failed(400, "otp_invalid", "x", { attempts_left: 2 }))).toBe(
      "هذا الرمز غير صحيح. تتبقّى لديك محاولتان.",
    );
    expect(callFailureWords(failed(400, "otp_expired", "x"))).toBe(
      "انتهت صلاحية هذا الرمز أو حلّ محلّه رمز أحدث. يُرجى طلب رمز جديد.",
    );
    expect(callFailureWords(failed(400, "otp_locked", "x"))).toBe(
      "محاولات خاطئة كثيرة، لذا لم يعد هذا الرمز صالحًا. يُرجى طلب رمز جديد.",
    );
    expect(callFailureWords(failed(403, "forbidden", english.forbidden))).toBe(
      "لا يمكن بدء محادثة من هذا العنوان. يُرجى مراسلتنا عبر البريد الإلكتروني.",
    );
    const wait = new Intl.NumberFormat("ar", {
      style: "unit",
      unit: "minute",
      unitDisplay: "long",
    }).format(15);
    expect(plain(callFailureWords(failed(429, "rate_limited", "x", {}, 900)))).toBe(
      `طلبات كثيرة جدًا. يُرجى المحاولة مجددًا بعد ${wait}.`,
    );
    expect(callFailureWords(failed(409, "rating_token_used", "x"))).toBe(
      "سبق إرسال تقييم بهذا الرابط. شكرًا لك!",
    );
    expect(callFailureWords(failed(400, "brand_new", "Something new went wrong."))).toBe(
      "لم تنجح العملية. يُرجى التحقق مما أدخلته والمحاولة مجددًا.",
    );
  });

  it("says field problems in the language, and English keeps the server's precise words", async () => {
    const invalid = failed(400, "validation_failed", "Check the form.", {
      fields: { email: "Invalid email format", username: "Name is too long." },
    });
    expect(fieldProblemWords(invalid, "email")).toBe("Invalid email format");
    expect(fieldProblemWords(invalid, "username")).toBe("Name is too long.");
    expect(fieldProblemWords(invalid, "otp")).toBeUndefined();
    expect(callFailureWords(invalid)).toBe("Check the form.");
    await chooseChatLanguage("de");
    expect(fieldProblemWords(invalid, "email")).toBe(
      "Das sieht nicht wie eine E-Mail-Adresse aus. Bitte prüfen Sie die Eingabe.",
    );
    expect(callFailureWords(invalid)).toBe(
      "Das hat nicht geklappt. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.",
    );
  });

  it("says the socket's refusals in the language, with a fallback for a frame without words", async () => {
    expect(refusalWords("rate_limited", "Slow down.")).toBe(
      "You are sending messages too fast. Please wait a moment.",
    );
    expect(refusalWords("bad_frame", undefined)).toBe("The message could not be sent.");
    expect(refusalWords("bad_frame", "An empty message is not sent.")).toBe(
      "An empty message is not sent.",
    );
    await chooseChatLanguage("de");
    expect(refusalWords("rate_limited", "x")).toBe(
      "Sie senden Nachrichten zu schnell. Bitte warten Sie einen Moment.",
    );
    expect(refusalWords("too_large", "x")).toBe(
      "Diese Nachricht ist zu lang: höchstens 5.000 Zeichen.",
    );
    expect(refusalWords("unavailable", "x")).toBe(
      "Der Chat kann gerade keine Nachrichten speichern. Ihre Nachricht wird gleich erneut gesendet.",
    );
    expect(refusalWords("bad_frame", "An empty message is not sent.")).toBe(
      "Die Nachricht konnte nicht gesendet werden.",
    );
    expect(refusalWords("bad_frame", undefined)).toBe(
      "Die Nachricht konnte nicht gesendet werden.",
    );
    await chooseChatLanguage("ar");
    expect(refusalWords("rate_limited", "x")).toBe(
      "أنت ترسل الرسائل بسرعة كبيرة. يُرجى الانتظار قليلًا.",
    );
    expect(plain(refusalWords("too_large", "x"))).toBe(
      `هذه الرسالة طويلة جدًا: الحد الأقصى ${new Intl.NumberFormat("ar").format(5000)} حرف.`,
    );
    expect(refusalWords("chat_ended", "x")).not.toMatch(/[a-z]/i);
  });

  it("reaches the form through the calls: a wrong code, a refused address, an invalid e-mail", async () => {
    await chooseChatLanguage("de");
    vi.stubGlobal(
      "fetch",
      answer(400, { code: "otp_invalid", message: english.otp_invalid, attempts_left: 3 }),
    );
    expect(await verifyChatCode("a@c.example", "000000")).toEqual({
      kind: "wrong",
      message: "Dieser Code stimmt nicht. Sie haben noch 3 Versuche.",
    });
    vi.stubGlobal("fetch", answer(403, { code: "forbidden", message: english.forbidden }));
    expect(await verifyChatCode("a@c.example", "000000")).toEqual({
      kind: "failed",
      message:
        "Mit dieser Adresse kann kein Chat gestartet werden. Bitte schreiben Sie uns eine E-Mail.",
    });
    vi.stubGlobal(
      "fetch",
      answer(400, {
        code: "validation_failed",
        message: "Check",
        fields: { email: "Invalid email format" },
      }),
    );
    expect(await requestChatCode("a@c")).toEqual({
      kind: "invalid",
      message: "Das sieht nicht wie eine E-Mail-Adresse aus. Bitte prüfen Sie die Eingabe.",
    });
    vi.stubGlobal(
      "fetch",
      answer(400, {
        code: "validation_failed",
        message: "Check",
        fields: { username: "Please use only letters." },
      }),
    );
    expect(await registerChatVisitor({ username: "<>", email: "a@c.example" })).toEqual({
      kind: "invalid",
      fields: { username: "Bitte verwenden Sie nur Buchstaben, Leerzeichen und Satzzeichen." },
      message:
        "Das hat nicht geklappt. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.",
    });
  });
});
