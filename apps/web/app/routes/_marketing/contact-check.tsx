/**
 * /contact-us/check: the contact form shown again when a post without JavaScript could not be
 * taken. Prerendered with an empty form; the server answers the refused post with this page, the
 * form block replaced by the one with the visitor's values and what needs fixing
 * (@hourline/contracts/contact-form-html). Never indexed.
 */
import { emptyContactCheckBlock } from "@hourline/contracts/contact-form-html";
import { PageHeader } from "~/components/layout/page-header";
import { ContactInfoCards } from "~/features/contact-info/contact-info-cards";
import { answerMeta } from "~/seo";
import { contactCheckPath, requireAnswerRoute } from "~/site";

const route = requireAnswerRoute(contactCheckPath);
export const meta = () => answerMeta(route);

export default function ContactCheckPage() {
  return (
    <>
      <PageHeader eyebrow="Contact us" heading={route.heading}>
        <p>{route.description}</p>
      </PageHeader>
      <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-title" className="card p-6 sm:p-8">
          <h2 id="contact-form-title" className="mb-6 text-2xl font-bold text-ink">
            Your message
          </h2>
          <div dangerouslySetInnerHTML={{ __html: emptyContactCheckBlock() }} />
        </section>
        <section aria-labelledby="contact-details-title" className="space-y-6">
          <h2 id="contact-details-title" className="text-2xl font-bold text-ink">
            Other ways to reach us
          </h2>
          <ContactInfoCards />
        </section>
      </div>
    </>
  );
}
