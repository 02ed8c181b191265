/**
 * The pages of the transcript mail's "How did we do?" link, which work without JavaScript: the
 * form (five choices and a comment, the token in a hidden field, so opening the link spends
 * nothing: mail scanners open links too), the thank-you page, and why a link no longer works.
 */
import { escapeHtml } from "@hourline/contracts/escape-html";
import { ratingLabels, ratingLimits } from "@hourline/contracts/support-rating";
import { page } from "./plain-pages";

export function ratingFormPage(
  token: string,
  options: { error?: string; score?: number; comment?: string } = {},
): string {
  const choices = ratingLabels
    .map((label, i) => {
      const score = i + 1;
      return `<label class="choice"><input type="radio" name="score" value="${score}" required${
        options.score === score ? " checked" : ""
      }> ${score}: ${escapeHtml(label)}</label>`;
    })
    .join("\n");
  const error = options.error
    ? `<div class="summary" role="alert"><p>${escapeHtml(options.error)}</p></div>`
    : "";
  return page(
    "How did we do?",
    `<h1>How did we do?</h1>
<p>Tell us how your support chat went. It takes a moment and helps the team.</p>
${error}
<form method="post" action="/api/support/rating">
<input type="hidden" name="rating_token" value="${escapeHtml(token)}">
<fieldset>
<legend>Your rating</legend>
${choices}
</fieldset>
<div class="field">
<label for="rating-comment">Anything to add? (optional)</label>
<textarea id="rating-comment" name="comment" rows="4" maxlength="${ratingLimits.comment}">${escapeHtml(options.comment ?? "")}</textarea>
</div>
<button type="submit">Send rating</button>
</form>`,
  );
}

export function ratingThanksPage(replaced: boolean): string {
  return page(
    "Thank you for your rating",
    `<h1>Thank you for your rating</h1>
<p>${replaced ? "Your new rating replaces the one you gave before." : "The team will see it with your conversation."}</p>
<p><a href="/">Go to the home page</a></p>`,
  );
}

export function ratingProblemPage(title: string, message: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/help">Visit the help centre</a> or <a href="/contact-us">write to us</a>.</p>`,
  );
}
