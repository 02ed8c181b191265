/**
 * The markup of the blog's and the help center's search: the search form and the results. One
 * renderer for three readers: the prerendered page (empty query), the server's answer to
 * `/blogs?q=` and `/help?q=` (the page with these parts replaced; it finds them by rendering the
 * empty query and looking for that exact text), and the browser's live results. Every value that
 * can come from a visitor or from content is escaped here. Tailwind reads the classes from this
 * file (apps/web/app/app.css, @source).
 */
import { escapeHtml } from "./escape-html";
import {
  MAX_QUERY_LENGTH,
  searchHelp,
  searchPosts,
  type BlogSearchData,
  type BlogSearchPost,
  type HelpDoc,
  type HelpSearchData,
  type SearchData,
} from "./site-search";

const q = (text: string) => escapeHtml(text);
const queryHref = (path: string, query: string) =>
  escapeHtml(`${path}?q=${encodeURIComponent(query)}`);

const icon = (className: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${className}" aria-hidden="true">${body}</svg>`;

/** Results of one query: the status line (a live region) and the list below it. */
export interface SearchResultsHtml {
  status: { text: string; className: string };
  list: string;
}

/** The search's URL for live results (where the build writes each page's search data). */
export const searchDataUrl: Record<SearchData["page"], string> = {
  blog: "/search/blogs.json",
  help: "/search/help.json",
};

// The blog: a GET form to /blogs, then every matching post as a card. The first card's image is
// the largest thing on a phone's first screen, so it is fetched first.

function postCard(post: BlogSearchPost, index: number): string {
  return (
    `<li class="card flex flex-col overflow-hidden">` +
    `<img src="${q(post.image)}" alt="${q(post.imageAlt)}" width="1200" height="675" loading="${index < 2 ? "eager" : "lazy"}"${index === 0 ? ' fetchpriority="high"' : ""} class="aspect-video w-full bg-sunken object-cover"/>` +
    `<div class="flex flex-1 flex-col p-5">` +
    `<p class="text-xs text-muted"><time datetime="${q(post.date)}">${q(post.dateLabel)}</time> · ${post.readingMinutes} min read</p>` +
    `<h2 class="mt-2 text-lg font-bold text-ink">${q(post.title)}</h2>` +
    `<p class="mt-2 flex-1 text-sm text-muted">${q(post.description)}</p>` +
    `<a href="/blog-details/${post.id}" class="mt-4 font-semibold text-brand">Read More<span class="sr-only"> about ${q(post.title)}</span></a>` +
    `</div></li>`
  );
}

/** Links that search the blog for a topic. */
export function blogTopicLinks(topics: readonly string[]): string {
  const links = topics.map(
    (topic) =>
      `<li><a href="${queryHref("/blogs", topic)}" class="inline-flex min-h-9 items-center rounded-full border border-line bg-surface px-3.5 text-sm font-semibold text-ink no-underline hover:border-brand">${q(topic)}</a></li>`,
  );
  return `<ul class="mt-3 flex flex-wrap gap-2">${links.join("")}</ul>`;
}

export function blogResults(data: BlogSearchData, rawQuery: string): SearchResultsHtml {
  const query = rawQuery.trim();
  const found = searchPosts(data.posts, query);
  const statusClass = "mt-6 text-sm text-muted";
  if (found.length === 0) {
    // The card says it on screen; the status line says it to screen readers.
    return {
      status: { text: `No posts match “${query}”.`, className: `${statusClass} sr-only` },
      list:
        `<div class="card mt-4 p-8 text-center">` +
        icon(
          "lucide lucide-search-x mx-auto size-10 text-muted",
          '<path d="m13.5 8.5-5 5"></path><path d="m8.5 8.5 5 5"></path><circle cx="11" cy="11" r="8"></circle><path d="m21 21-4.3-4.3"></path>',
        ) +
        `<h2 class="mt-4 text-xl font-bold text-ink">No posts match “${q(query)}”</h2>` +
        `<p class="mx-auto mt-2 max-w-md text-muted">No post is about any of those words yet. Try other words, or start from one of these topics:</p>` +
        `<div class="flex justify-center">${blogTopicLinks(data.topics.slice(0, 5))}</div>` +
        `<p class="mt-6 text-sm text-muted"><a href="/blogs" class="font-semibold text-brand">Show all posts</a> or <a href="${queryHref("/help", query)}" class="font-semibold text-brand">search the help center</a>.</p>` +
        // Shown by the page's script (the chat needs it), which opens the chat on a press.
        `<button type="button" hidden data-search-chat="" class="btn btn-secondary mt-4">Chat with us</button>` +
        `</div>`,
    };
  }
  const count = found.length;
  return {
    status: {
      text: query
        ? `${count} ${count === 1 ? "post matches" : "posts match"} “${query}”.`
        : `All ${count} posts, newest first.`,
      className: statusClass,
    },
    list: `<ul class="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2">${found.map(postCard).join("")}</ul>`,
  };
}

function blogForm(query: string): string {
  return (
    `<form role="search" method="get" action="/blogs" class="flex flex-col gap-3 sm:flex-row sm:items-end" data-live-search="${searchDataUrl.blog}">` +
    `<div class="flex-1"><label for="blog-search" class="block text-sm font-semibold text-ink">Search the blog</label>` +
    `<input id="blog-search" type="search" name="q" value="${q(query)}" placeholder="Try “sprint”, “leave policy” or “idle time”" autocomplete="off" enterkeyhint="search" maxlength="${MAX_QUERY_LENGTH}" class="mt-2 h-12 w-full rounded-full border border-line bg-surface px-5 text-ink placeholder:text-muted focus-visible:border-brand"/></div>` +
    `<button type="submit" class="btn btn-primary h-12">Search</button></form>`
  );
}

// The help center: the form with popular searches, then the first answers and a link to all.

/** Answers shown before "Show all". */
export const FIRST_HELP_RESULTS = 8;

function helpCard(doc: HelpDoc): string {
  return (
    `<li><a href="${q(doc.href)}" class="card block p-5 no-underline hover:border-brand focus-visible:border-brand">` +
    `<span class="flex flex-wrap items-center gap-2 text-xs font-semibold text-muted"><span class="rounded-full bg-brand-soft px-2 py-0.5 text-brand">${q(doc.kind)}</span>${q(doc.section)}</span>` +
    `<span class="mt-2 block font-bold text-ink">${q(doc.title)}</span>` +
    `<span class="mt-1 block text-sm text-muted">${q(doc.excerpt)}</span></a></li>`
  );
}

export function helpResults(
  data: HelpSearchData,
  rawQuery: string,
  showAll: boolean,
): SearchResultsHtml {
  const query = rawQuery.trim();
  if (!query) return { status: { text: "", className: "sr-only" }, list: "" };
  const found = searchHelp(data.docs, query);
  const statusClass = "text-sm font-semibold text-ink";
  if (found.length === 0) {
    const email = q(data.supportEmail);
    return {
      status: { text: `Nothing matches “${query}”.`, className: statusClass },
      list:
        `<div class="card mt-4 p-6"><p class="text-ink">No help answer, FAQ, policy or article is about that yet. Try other words, or one of the popular searches above. Or ask a person: ` +
        `<a href="/contact-us" class="font-semibold text-brand">send a message</a> or write to <a href="mailto:${email}" class="font-semibold text-brand">${email}</a>.</p>` +
        // Shown by the page's script (the chat needs it), which opens the chat on a press.
        `<button type="button" hidden data-search-chat="" class="btn btn-primary mt-4">Chat with us</button></div>`,
    };
  }
  const count = found.length;
  const shown = showAll ? found : found.slice(0, FIRST_HELP_RESULTS);
  const more =
    shown.length < count
      ? `<a href="${escapeHtml(`/help?q=${encodeURIComponent(query)}&all=1#help-results`)}" class="btn btn-secondary mt-4" data-show-all="">Show all ${count} answers</a>`
      : "";
  return {
    status: {
      text: `${count} ${count === 1 ? "answer" : "answers"} for “${query}”.`,
      className: statusClass,
    },
    list: `<ul aria-labelledby="help-results-status" class="mt-4 space-y-3">${shown.map(helpCard).join("")}</ul>${more}`,
  };
}

function helpForm(data: HelpSearchData, query: string): string {
  const popular = data.suggestions.map(
    (s) =>
      `<a href="${queryHref("/help", s)}" class="inline-flex min-h-8 items-center rounded-full border border-line bg-surface px-3 font-semibold text-ink no-underline hover:border-brand">${q(s)}</a>`,
  );
  return (
    `<form role="search" method="get" action="/help" class="mx-auto mt-8 flex max-w-2xl flex-col gap-3 text-left sm:flex-row sm:items-end" data-live-search="${searchDataUrl.help}">` +
    `<div class="flex-1"><label for="help-search-input" class="sr-only">Search the help center</label><div class="relative">` +
    icon(
      "lucide lucide-search pointer-events-none absolute top-1/2 left-5 size-5 -translate-y-1/2 text-muted",
      '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>',
    ) +
    `<input id="help-search-input" type="search" name="q" value="${q(query)}" placeholder="Describe what you need, e.g. “approve timesheets”" autocomplete="off" enterkeyhint="search" maxlength="${MAX_QUERY_LENGTH}" class="h-14 w-full rounded-full border border-line bg-surface pr-5 pl-13 text-ink shadow-[var(--shadow-card)] placeholder:text-muted focus-visible:border-brand"/>` +
    `</div></div><button type="submit" class="btn btn-primary h-14 px-7">Search</button></form>` +
    `<p class="mt-5 flex flex-wrap items-center justify-center gap-2 text-sm text-muted"><span>Popular:</span>${popular.join("")}</p>`
  );
}

function statusLine(status: SearchResultsHtml["status"], id?: string): string {
  const idAttribute = id ? ` id="${id}"` : "";
  return `<p role="status"${idAttribute} class="${status.className}" data-search-status="">${q(status.text)}</p>`;
}

/** Everything a search page shows of its search for `query` (showAll: every help answer). */
export function searchBlock(data: SearchData, query: string, showAll = false): string {
  if (data.page === "blog") {
    const results = blogResults(data, query);
    return `${blogForm(query)}${statusLine(results.status)}<div data-search-list="">${results.list}</div>`;
  }
  const results = helpResults(data, query, showAll);
  return (
    helpForm(data, query) +
    `<div id="help-results" class="mx-auto mt-8 max-w-3xl scroll-mt-24 text-left">${statusLine(results.status, "help-results-status")}<div data-search-list="">${results.list}</div></div>`
  );
}

/** The results alone, for live updates in the browser. */
export function searchResults(data: SearchData, query: string, showAll = false): SearchResultsHtml {
  return data.page === "blog" ? blogResults(data, query) : helpResults(data, query, showAll);
}
