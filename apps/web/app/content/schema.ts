/**
 * Schemas for the site's content data. Content modules only import the types from here: zod must
 * not ship to the browser. validate-content.ts parses every module with these schemas before each
 * build (scripts/validate-content.ts) and in the content tests, so bad content stops the build.
 */
import { z } from "zod";

export const blogFrontMatterSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(10).max(90),
  description: z.string().min(50).max(200),
  image: z.string().regex(/^\/images\/blog\/[a-z0-9-]+\.svg$/),
  imageAlt: z.string().min(10),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  author: z.string().min(3),
  authorRole: z.string().min(3),
  tags: z.array(z.string().min(2)).min(1).max(5),
});
export type BlogFrontMatter = z.infer<typeof blogFrontMatterSchema>;

export const faqTopics = [
  "attendance",
  "holidays",
  "leave",
  "general",
  "startups",
  "kanban",
  "scrum",
  "file-manager",
  "time-tracker",
  "screenshots",
  "time-summary",
  "editing-time",
  "time-approval",
  "assets",
] as const;
export type FaqTopic = (typeof faqTopics)[number];

export const faqItemSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  question: z.string().min(10).max(160).endsWith("?"),
  /** Plain text; blank lines separate paragraphs. */
  answer: z.string().min(60),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqSetSchema = z.object({
  topic: z.enum(faqTopics),
  title: z.string().min(5),
  items: z.array(faqItemSchema).min(4).max(8),
});
export type FaqSet = z.infer<typeof faqSetSchema>;

export const testimonialSchema = z.object({
  text: z.string().min(80).max(420),
  name: z.string().min(3),
  role: z.string().min(3),
  company: z.string().min(2),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const featureSectionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(5),
  paragraphs: z.array(z.string().min(60)).min(1).max(4),
  points: z.array(z.string().min(10)).max(8).optional(),
});

export const featurePageSchema = z.object({
  path: z.string().startsWith("/"),
  eyebrow: z.string().min(3),
  headline: z.string().min(10).max(90),
  lead: z.string().min(80).max(400),
  bullets: z.array(z.string().min(10)).min(2).max(5),
  sections: z.array(featureSectionSchema).min(2).max(6),
  faqTopic: z.enum(faqTopics).optional(),
  signUpCta: z.boolean(),
  /** A closing call to action after the FAQ, for a page without the footer block. */
  closing: z.object({ title: z.string().min(10), text: z.string().min(60) }).optional(),
  mockup: z.enum([
    "kanban",
    "scrum",
    "startup",
    "files",
    "timer",
    "summary",
    "screenshots",
    "edit-time",
    "approval",
    "office",
    "attendance",
    "directory",
    "holidays",
    "leave",
    "inventory",
  ]),
});
export type FeaturePage = z.infer<typeof featurePageSchema>;
