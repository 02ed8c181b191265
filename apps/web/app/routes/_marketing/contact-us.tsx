/**
 * /contact-us: the page header, the ways to reach the team, the contact form (which works with
 * and without JavaScript) and the office map, loaded when the visitor asks for it.
 */
import { PageHeader } from "~/components/layout/page-header";
import { ContactFormCard } from "~/features/contact-form/components/contact-form-card";
import { ContactInfoCards } from "~/features/contact-info/contact-info-cards";
import { ContactMap } from "~/features/contact-map/contact-map";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/contact-us");
export const meta = () => routeMeta(route);

export default function ContactUsPage() {
  return (
    <>
      <PageHeader heading={route.heading}>
        <p>{route.description}</p>
      </PageHeader>
      <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="contact-details-title" className="space-y-6">
          <h2 id="contact-details-title" className="text-2xl font-bold text-ink">
            Other ways to reach us
          </h2>
          <ContactInfoCards />
        </section>
        <ContactFormCard />
      </div>
      <ContactMap className="container-page" />
    </>
  );
}
