/**
 * /contact-us: the page header, the ways to reach the team, and the contact form (which works with
 * and without JavaScript).
 */
import { Mail, MapPin, Phone } from "lucide-react";
import { brand } from "~/brand";
import { PageHeader } from "~/components/layout/page-header";
import { ContactFormCard } from "~/features/contact-form/components/contact-form-card";
import { routeMeta } from "~/seo";
import { requirePageRoute } from "~/site";

const route = requirePageRoute("/contact-us");
export const meta = () => routeMeta(route);

const address = brand.address;

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
          <ul className="space-y-5">
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
              <div>
                <p className="font-semibold text-ink">E-mail</p>
                <a href={`mailto:${brand.supportEmail}`} className="text-brand underline">
                  {brand.supportEmail}
                </a>
              </div>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
              <div>
                <p className="font-semibold text-ink">Phone</p>
                <a href={brand.phone.href} className="text-brand underline">
                  {brand.phone.display}
                </a>
              </div>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
              <div>
                <p className="font-semibold text-ink">Office</p>
                <address className="text-muted not-italic">
                  {brand.legalName}
                  <br />
                  {address.street}
                  <br />
                  {address.locality} {address.postalCode}, {address.region}, {address.country}
                </address>
              </div>
            </li>
          </ul>
        </section>
        <ContactFormCard />
      </div>
    </>
  );
}
