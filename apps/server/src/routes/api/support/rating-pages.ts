/**
 * The pages of the transcript mail's "How did we do?" link, which work without JavaScript: the
 * form (five choices and a comment, the token in a hidden field, so opening the link spends
 * nothing: mail scanners open links too), the thank-you page, and why a link no longer works.
 * Each is written in the conversation's language (rating-copy.ts), or the browser's when the
 * link's conversation is unknown.
 */
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import { escapeHtml } from "@hourline/contracts/escape-html";
import { ratingLimits } from "@hourline/contracts/support-rating";
import { page } from "./plain-pages";
import { fillRatingCopy, ratingCopy, type RatingCopy } from "./rating-copy";

const scoreKeys = ["score1", "score2", "score3", "score4", "score5"] as const;

/** Why the form came back: a score left out, a comment too long, or something else. */
export type RatingFormError = "score" | "commentTooLong" | "other";

export function ratingFormPage(
  token: string,
  language: ChatLanguage,
  options: { error?: RatingFormError; score?: number; comment?: string } = {},
): string {
  const copy = ratingCopy[language];
  const choices = scoreKeys
    .map((key, i) => {
      const score = i + 1;
      return `<label class="choice"><input type="radio" name="score" value="${score}" required${
        options.score === score ? " checked" : ""
      }> ${score}: ${escapeHtml(copy[key])}</label>`;
    })
    .join("\n");
  const errorText =
    options.error === "score"
      ? copy.scoreError
      : options.error === "commentTooLong"
        ? fillRatingCopy(copy.commentTooLong, { max: String(ratingLimits.comment) })
        : options.error
          ? copy.checkForm
          : "";
  const error = errorText
    ? `<div class="summary" role="alert"><p>${escapeHtml(errorText)}</p></div>`
    : "";
  return page(
    copy.formTitle,
    `<h1>${escapeHtml(copy.formTitle)}</h1>
<p>${escapeHtml(copy.formIntro)}</p>
${error}
<form method="post" action="/api/support/rating">
<input type="hidden" name="rating_token" value="${escapeHtml(token)}">
<fieldset>
<legend>${escapeHtml(copy.legend)}</legend>
${choices}
</fieldset>
<div class="field">
<label for="rating-comment">${escapeHtml(copy.commentLabel)}</label>
<textarea id="rating-comment" name="comment" rows="4" maxlength="${ratingLimits.comment}">${escapeHtml(options.comment ?? "")}</textarea>
</div>
<button type="submit">${escapeHtml(copy.submit)}</button>
</form>`,
    language,
  );
}

export function ratingThanksPage(replaced: boolean, language: ChatLanguage): string {
  const copy = ratingCopy[language];
  return page(
    copy.thanksTitle,
    `<h1>${escapeHtml(copy.thanksTitle)}</h1>
<p>${escapeHtml(replaced ? copy.thanksReplaced : copy.thanksSeen)}</p>
<p><a href="/">${escapeHtml(copy.homeLink)}</a></p>`,
    language,
  );
}

/** Why a link no longer works, or why the visitor must wait: a title and a message. */
export type RatingProblem = "invalid" | "used" | "expired" | "limited";

const problemKeys: Record<RatingProblem, [keyof RatingCopy, keyof RatingCopy]> = {
  invalid: ["invalidTitle", "invalidMessage"],
  used: ["usedTitle", "usedMessage"],
  expired: ["expiredTitle", "expiredMessage"],
  limited: ["limitedTitle", "limitedMessage"],
};

export function ratingProblemPage(problem: RatingProblem, language: ChatLanguage): string {
  const copy = ratingCopy[language];
  const [titleKey, messageKey] = problemKeys[problem];
  const title = copy[titleKey];
  const elsewhere = fillRatingCopy(escapeHtml(copy.elsewhere), {
    help: `<a href="/help">${escapeHtml(copy.helpLink)}</a>`,
    contact: `<a href="/contact-us">${escapeHtml(copy.contactLink)}</a>`,
  });
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(copy[messageKey])}</p>
<p>${elsewhere}</p>`,
    language,
  );
}
