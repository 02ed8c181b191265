/**
 * A set of questions and answers on the platform's exclusive accordion: `<details name=...>`, so one
 * answer is open at a time, the first is open initially and clicking the open question closes it,
 * with or without JavaScript. Each answer carries the question's id, so a link to it
 * (`/faqs#question-id`) makes the browser open that question. The enhancement script adds arrow
 * keys, Home and End between the questions of a set, and brings a linked question into view
 * (app/enhance/faq.ts).
 *
 * Route modules add `faqJsonLd(items)` from seo.ts to their `meta` so search engines read the same
 * answers.
 */
import { ChevronDown, LifeBuoy, MessageSquareText } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { paragraphs } from "~/content/plain-text";
import type { FaqItem, FaqSet } from "~/content/schema";

type FaqSource =
  { set: FaqSet; items?: never; title?: string } | { set?: never; items: FaqItem[]; title: string };

export type FaqAccordionProps = FaqSource & {
  /** "help" adds a link to the help center beside "Leave us a Message". */
  variant?: "default" | "help";
  /** The id of the section, used as its anchor; the heading gets `${id}-title`. */
  id?: string;
  /** Level of the set's heading; each question is one level below. */
  headingLevel?: 2 | 3;
  /** A short lead under the heading. */
  intro?: ReactNode;
  className?: string;
};

export function FaqAccordion(props: FaqAccordionProps) {
  const items = props.set ? props.set.items : props.items;
  const title = props.title ?? props.set?.title ?? "";
  const id = props.id ?? (props.set ? `faq-${props.set.topic}` : "faq");
  const headingLevel = props.headingLevel ?? 2;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const QuestionHeading = headingLevel === 2 ? "h3" : "h4";
  const { pathname } = useLocation();

  return (
    <section id={id} aria-labelledby={`${id}-title`} className={props.className}>
      <Heading id={`${id}-title`} className="text-2xl font-bold text-ink sm:text-3xl">
        {title}
      </Heading>
      {props.intro ? <div className="mt-3 max-w-3xl text-muted">{props.intro}</div> : null}
      <div className="card mt-6 divide-y divide-line overflow-hidden" data-faq="">
        {items.map((item, i) => (
          <details key={item.id} name={id} open={i === 0} className="group/faq">
            <summary className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-ink group-open/faq:text-brand hover:bg-sunken sm:px-6">
              <QuestionHeading className="text-base sm:text-lg">{item.question}</QuestionHeading>
              <ChevronDown
                aria-hidden="true"
                className="mt-1 size-5 shrink-0 text-muted transition-transform group-open/faq:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            {/* The id is on the answer: a link to it opens this question (and scrolls to it). */}
            <div id={item.id} className="scroll-mt-24 px-5 pb-5 text-muted sm:px-6">
              <Answer text={item.answer} />
            </div>
          </details>
        ))}
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
        <p className="text-muted">Did not find your answer?</p>
        {/* A plain link: the contact page opens at its top. */}
        <Link to="/contact-us" className="inline-flex items-center gap-2 font-semibold text-brand">
          <MessageSquareText aria-hidden="true" className="size-4" />
          Leave us a Message
        </Link>
        {props.variant === "help" ? (
          pathname === "/help" ? (
            <a
              href="#help-search"
              className="inline-flex items-center gap-2 font-semibold text-brand"
            >
              <LifeBuoy aria-hidden="true" className="size-4" />
              Search the help center
            </a>
          ) : (
            <Link to="/help" className="inline-flex items-center gap-2 font-semibold text-brand">
              <LifeBuoy aria-hidden="true" className="size-4" />
              Visit the help center
            </Link>
          )
        ) : null}
      </div>
    </section>
  );
}

function Answer({ text }: { text: string }) {
  return (
    <div className="space-y-3">
      {paragraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
