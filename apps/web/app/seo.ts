/**
 * Builds every page's head tags from the route table and the brand config: title, description,
 * canonical link, Open Graph and Twitter cards, and JSON-LD.
 */
import type { MetaDescriptor } from "react-router";
import { absoluteUrl, brand } from "./brand";
import { findPageRoute, type AnswerRoute, type PageRoute } from "./site";

export interface PageMetaInput {
  path: string;
  title: string;
  description: string;
  /** "article" for blog posts; "website" otherwise. */
  type?: "website" | "article";
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
}

export function fullTitle(path: string, title: string): string {
  return path === "/" ? `${brand.name}: ${title}` : `${title} | ${brand.name}`;
}

export const organizationJsonLd: Record<string, unknown> = {
  "@context": "https://schema.org",
  "@type": "Organization",
  name: brand.name,
  legalName: brand.legalName,
  url: brand.publicUrl,
  email: brand.supportEmail,
  telephone: brand.phone.display,
  address: {
    "@type": "PostalAddress",
    streetAddress: brand.address.street,
    addressLocality: brand.address.locality,
    addressRegion: brand.address.region,
    postalCode: brand.address.postalCode,
    addressCountry: brand.address.countryCode,
  },
  sameAs: brand.social.map((s) => s.href),
};

export function breadcrumbJsonLd(trail: { name: string; path: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((t, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: t.name,
      item: absoluteUrl(t.path),
    })),
  };
}

/** FAQPage data for the questions a page shows; answers are the same plain text the page prints. */
export function faqJsonLd(
  items: readonly { question: string; answer: string }[],
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function buildMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = fullTitle(input.path, input.title);
  const url = absoluteUrl(input.path);
  const image = absoluteUrl(socialCardPath(input.path));
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: brand.name },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** Head tags for a page of the route table, with breadcrumbs below the home page. */
export function routeMeta(route: PageRoute, extraJsonLd: Record<string, unknown>[] = []) {
  const jsonLd =
    route.path === "/"
      ? [organizationJsonLd, ...extraJsonLd]
      : [
          breadcrumbJsonLd([
            { name: "Home", path: "/" },
            { name: route.title.replace(/ \| Features$/, ""), path: route.path },
          ]),
          ...extraJsonLd,
        ];
  return buildMeta({
    path: route.path,
    title: route.title,
    description: route.description,
    jsonLd,
  });
}

/**
 * Head tags for a page that answers a form post: its title and text, never indexed, and no
 * canonical link or social card, since it is no page to share.
 */
export function answerMeta(route: AnswerRoute): MetaDescriptor[] {
  return [
    { title: fullTitle(route.path, route.title) },
    { name: "description", content: route.description },
    { name: "robots", content: "noindex" },
  ];
}

/** `meta` export for a route module whose path is in the route table. */
export function metaForPath(pathname: string): MetaDescriptor[] {
  const route = findPageRoute(pathname);
  return route ? routeMeta(route) : notFoundMeta();
}

export function notFoundMeta(): MetaDescriptor[] {
  return [
    { title: `Page not found | ${brand.name}` },
    { name: "description", content: "The page you asked for is not on this site." },
    { name: "robots", content: "noindex" },
  ];
}

/** The social-card image made for a page at build time (scripts/icons.ts). */
export function socialCardPath(path: string): string {
  const slug =
    path === "/"
      ? "home"
      : path
          .slice(1)
          .replace(/[^a-z0-9]+/gi, "-")
          .toLowerCase();
  return `/social/${slug}.png`;
}
