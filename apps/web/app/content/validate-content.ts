/**
 * Checks every content module against its schema and against the route table. Runs before each
 * build (scripts/validate-content.ts) and in the content tests; returns the problems it found.
 */
import { featureRoutesList } from "../site";
import { listPosts } from "./blog/posts";
import { faqSets, helpFaq } from "./faqs";
import { featurePages } from "./features";
import {
  faqItemSchema,
  faqSetSchema,
  faqTopics,
  featurePageSchema,
  testimonialSchema,
} from "./schema";
import { testimonials } from "./testimonials";
import { openings } from "./careers";
import {
  documentSectionSchema,
  jobOpeningSchema,
  legalDocumentSchema,
  twoColumnDocumentSchema,
} from "./document-schema";
import { privacyPolicy } from "./privacy";
import { refundPolicy } from "./refund-policy";
import { shippingPolicy } from "./shipping-policy";
import { terms } from "./terms";
import { trustTopics } from "./trust";

export const MIN_POST_WORDS = 700;

interface ParseResult {
  success: boolean;
  error?: { message: string };
}

export async function validateContent(): Promise<string[]> {
  const problems: string[] = [];
  const check = (where: string, result: ParseResult) => {
    if (!result.success) problems.push(`${where}: ${result.error?.message}`);
  };

  faqSets.forEach((set, i) => check(`faqSets[${i}] (${set.topic})`, faqSetSchema.safeParse(set)));
  if (faqSets.map((s) => s.topic).join() !== faqTopics.join()) {
    problems.push(`faqSets must hold the topics in this order: ${faqTopics.join(", ")}`);
  }
  if (helpFaq.length !== 10) problems.push(`helpFaq must hold 10 questions, has ${helpFaq.length}`);
  helpFaq.forEach((item, i) => check(`helpFaq[${i}]`, faqItemSchema.safeParse(item)));
  const ids = new Set<string>();
  for (const item of [...faqSets.flatMap((s) => s.items), ...helpFaq]) {
    if (ids.has(item.id)) problems.push(`FAQ id ${item.id} is used twice`);
    ids.add(item.id);
  }

  featurePages.forEach((page, i) =>
    check(`featurePages[${i}] (${page.path})`, featurePageSchema.safeParse(page)),
  );
  if (featurePages.map((p) => p.path).join() !== featureRoutesList.map((r) => r.path).join()) {
    problems.push("featurePages must cover the route table's feature pages, in the same order");
  }

  if (testimonials.length !== 5)
    problems.push(`testimonials must hold 5, has ${testimonials.length}`);
  testimonials.forEach((t, i) => check(`testimonials[${i}]`, testimonialSchema.safeParse(t)));

  check("terms", legalDocumentSchema.safeParse(terms));
  check("privacyPolicy", legalDocumentSchema.safeParse(privacyPolicy));
  check("shippingPolicy", legalDocumentSchema.safeParse(shippingPolicy));
  check("refundPolicy", twoColumnDocumentSchema.safeParse(refundPolicy));
  trustTopics.forEach((t, i) => check(`trustTopics[${i}]`, documentSectionSchema.safeParse(t)));
  openings.forEach((o, i) => check(`openings[${i}]`, jobOpeningSchema.safeParse(o)));

  try {
    const posts = await listPosts();
    if (posts.length !== 8) problems.push(`the blog must hold 8 posts, has ${posts.length}`);
    posts.forEach((p, i) => {
      if (p.id !== i + 1) problems.push(`blog post ids must run 1..${posts.length}; found ${p.id}`);
      if (p.words < MIN_POST_WORDS) {
        problems.push(
          `blog post ${p.id} has ${p.words} words; at least ${MIN_POST_WORDS} expected`,
        );
      }
    });
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  return problems;
}
