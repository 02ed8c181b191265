/**
 * The site's pages that answer the contact form posted without JavaScript: the thank-you page a
 * stored message is sent on to (303, so a reload sends nothing twice), and the check page, answered
 * for a refused post with its form block filled in: the visitor's values and what needs fixing
 * (@hourline/contracts/contact-form-html), the same way the search pages answer `?q=`. Both are
 * prerendered with the site's header and footer and never indexed.
 */
import {
  contactCheckBlock,
  emptyContactCheckBlock,
  type ContactCheck,
} from "@hourline/contracts/contact-form-html";
import type { SiteBuild } from "./site-build";

export interface ContactFormPages {
  /** Where a stored message is sent on. */
  thanksPath: string;
  /** The check page for this post, and the headers it is served with. */
  check(check: ContactCheck): { html: string; headers: Record<string, string> };
}

export function contactFormPages(site: SiteBuild): ContactFormPages {
  const { thanks, check } = site.manifest.contactForm;
  site.pageFor(thanks);
  const page = site.pageFor(check);
  const html = site.fileFor(page.file).bodies.identity.toString("utf8");
  const empty = emptyContactCheckBlock();
  const at = html.indexOf(empty);
  if (at === -1 || html.indexOf(empty, at + 1) !== -1) {
    throw new Error(`${check} does not hold the contact form block exactly once: rebuild the site`);
  }
  const before = html.slice(0, at);
  const after = html.slice(at + empty.length);
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": site.pageCsp(page),
    // It holds what one visitor typed: never kept by any cache.
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
  };
  return {
    thanksPath: thanks,
    check: (answer) => ({ html: before + contactCheckBlock(answer) + after, headers }),
  };
}
