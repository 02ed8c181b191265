/**
 * Schemas for the long-form policy and legal content (terms, privacy, refunds, shipping, trust,
 * careers). Content modules import only the types; tests and validate-content.ts parse them.
 *
 * Paragraphs are plain text; `[label](/path)` or `[label](mailto:...)` inside one becomes a link.
 */
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const slug = z.string().regex(/^[a-z0-9-]+$/);

export const documentSectionSchema = z.object({
  id: slug,
  title: z.string().min(3).max(80),
  paragraphs: z.array(z.string().min(40)).min(1).max(6),
  points: z.array(z.string().min(8)).max(10).optional(),
});
export type DocumentSection = z.infer<typeof documentSectionSchema>;

export const legalDocumentSchema = z.object({
  title: z.string().min(5),
  /** The date the text last changed, printed on the page. */
  lastUpdated: isoDate,
  intro: z.array(z.string().min(40)).min(1).max(3),
  sections: z.array(documentSectionSchema).min(1),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** A page in two columns (the refund and cancellation policy), each with its own sections. */
export const twoColumnDocumentSchema = z.object({
  title: z.string().min(5),
  lastUpdated: isoDate,
  intro: z.array(z.string().min(40)).min(1).max(3),
  columns: z
    .array(
      z.object({
        id: slug,
        title: z.string().min(5),
        sections: z.array(documentSectionSchema).min(2),
      }),
    )
    .length(2),
});
export type TwoColumnDocument = z.infer<typeof twoColumnDocumentSchema>;

export const jobOpeningSchema = z.object({
  id: slug,
  title: z.string().min(5).max(60),
  team: z.string().min(3),
  location: z.string().min(3),
  type: z.enum(["Full-time", "Part-time", "Internship"]),
  summary: z.string().min(80).max(400),
  responsibilities: z.array(z.string().min(15)).min(3).max(6),
  requirements: z.array(z.string().min(15)).min(3).max(6),
});
export type JobOpening = z.infer<typeof jobOpeningSchema>;
