/**
 * A set of questions and answers: one panel open at a time, the first open initially, and clicking
 * the open question closes it. Radix supplies the disclosure semantics and the keyboard model (Tab
 * between questions, arrow keys, Home and End). A link in the address bar to one question
 * (`#question-id`) opens that question instead of the first.
 *
 * Route modules add `faqJsonLd(items)` from seo.ts to their `meta` so search engines read the same
 * answers.
 */
import { ChevronDown, LifeBuoy, MessageSquareText } from "lucide-react";
import { Accordion } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { paragraphs } from "~/content/plain-text";
import type { FaqItem, FaqSet } from "~/content/schema";

type FaqSource =
  { set: FaqSet; items?: never; title?: string } | { set?: never; items: FaqItem[]; title: string };

export type FaqAccordionProps = FaqSource & {
  /** "help" adds a link to the help centre beside "Leave us a Message". */
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
  const first = items[0]?.id ?? "";
  const [open, setOpen] = useState(first);
  const { hash, pathname } = useLocation();

  // The prerendered page opens the first question; a link to a question opens that one instead.
  // The hash is applied after hydration so the first client render matches the prerendered HTML.
  useEffect(() => {
    const target = decodeURIComponent(hash.slice(1));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above: not knowable at prerender
    if (target && items.some((item) => item.id === target)) setOpen(target);
  }, [hash, items]);

  return (
    <section id={id} aria-labelledby={`${id}-title`} className={props.className}>
      <Heading id={`${id}-title`} className="text-2xl font-bold text-ink sm:text-3xl">
        {title}
      </Heading>
      {props.intro ? <div className="mt-3 max-w-3xl text-muted">{props.intro}</div> : null}
      <Accordion.Root
        type="single"
        collapsible
        value={open}
        onValueChange={setOpen}
        className="card mt-6 divide-y divide-line overflow-hidden"
      >
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
            <Accordion.Header asChild>
              <QuestionHeading className="text-base sm:text-lg">
                <Accordion.Trigger className="group flex w-full items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-sunken data-[state=open]:text-brand sm:px-6">
                  <span>{item.question}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className="mt-1 size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                  />
                </Accordion.Trigger>
              </QuestionHeading>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-5 text-muted sm:px-6">
              <Answer text={item.answer} />
            </Accordion.Content>
            {item.id === first ? null : (
              // Without JavaScript the questions cannot open, so every answer is shown as text.
              <noscript>
                <div className="px-5 pb-5 text-muted sm:px-6">
                  <Answer text={item.answer} />
                </div>
              </noscript>
            )}
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
        <p className="text-muted">Did not find your answer?</p>
        {/* A plain route change: the router scrolls the new page to its top. */}
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
              Search the help centre
            </a>
          ) : (
            <Link to="/help" className="inline-flex items-center gap-2 font-semibold text-brand">
              <LifeBuoy aria-hidden="true" className="size-4" />
              Visit the help centre
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
