/**
 * /contact-us/thanks: where the contact form posted without JavaScript lands once the message is
 * stored (the server answers the post with a 303 to here, so reloading sends nothing twice). It
 * says what the dialog of the enhanced form says, and what happens next. Never indexed.
 */
import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~/brand";
import { EmailAddress } from "~/components/email-address";
import { PageHeader } from "~/components/layout/page-header";
import { answerMeta } from "~/seo";
import { contactThanksPath, requireAnswerRoute } from "~/site";

const route = requireAnswerRoute(contactThanksPath);
export const meta = () => answerMeta(route);

const next = [
  {
    title: "A person reads it",
    text: "Someone from the support team reads every message during working hours; nothing is answered by a bot.",
  },
  {
    title: "The reply comes by e-mail",
    text: "We answer at the e-mail address you gave. If you asked for a call, we phone the number you left.",
  },
  {
    title: "Something to add?",
    text: "Reply to our e-mail when it arrives, or send another message: the team sees them together.",
  },
];

const whileYouWait = [
  { path: "/help", label: "Search the help center" },
  { path: "/pricing", label: "See how pricing works" },
  { path: "/blogs", label: "Read the blog" },
];

export default function ContactThanksPage() {
  return (
    <>
      <PageHeader
        eyebrow={
          <span className="inline-flex items-center gap-2">
            <CircleCheck aria-hidden="true" className="size-5 text-teal" />
            Message sent
          </span>
        }
        heading={route.heading}
        actions={
          <>
            <Link to="/" className="btn btn-primary">
              Back to the home page
            </Link>
            <Link to="/contact-us" className="btn btn-secondary">
              Back to the contact page
            </Link>
          </>
        }
      >
        <p>Your message was sent. Our team will get back to you soon.</p>
      </PageHeader>
      <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="next-title">
          <h2 id="next-title" className="text-2xl font-bold text-ink">
            What happens next
          </h2>
          <ol className="mt-6 space-y-4">
            {next.map((step, i) => (
              <li key={step.title} className="card flex gap-4 p-5">
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-soft font-bold text-brand"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-bold text-ink">{step.title}</h3>
                  <p className="mt-1 text-muted">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="meanwhile-title">
          <h2 id="meanwhile-title" className="text-2xl font-bold text-ink">
            In the meantime
          </h2>
          <ul className="mt-6 space-y-3">
            {whileYouWait.map((l) => (
              <li key={l.path}>
                <Link
                  to={l.path}
                  className="card flex min-h-11 items-center p-4 font-semibold text-ink no-underline hover:border-brand"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-muted">
            Urgent? Write to{" "}
            <a href={`mailto:${brand.supportEmail}`} className="font-semibold text-brand">
              <EmailAddress address={brand.supportEmail} />
            </a>{" "}
            or call{" "}
            <a href={brand.phone.href} className="font-semibold whitespace-nowrap text-brand">
              {brand.phone.display}
            </a>
            .
          </p>
        </section>
      </div>
    </>
  );
}
