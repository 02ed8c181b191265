/** The contact page's ways to reach the company: office address, phone and e-mail, from brand.ts. */
import { Mail, Phone } from "lucide-react";
import { brand } from "~/brand";
import { EmailAddress } from "~/components/email-address";
import { OfficeAddressCard } from "~/components/office-address-card";

export function ContactInfoCards({ className = "" }: { className?: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-4 ${className}`}>
      <li>
        <OfficeAddressCard className="h-full" />
      </li>
      <li>
        <div className="card flex h-full gap-4 p-5">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-teal-soft text-[#115e59] dark:text-teal">
            <Phone aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 className="font-bold text-ink">Call us</h3>
            <p className="mt-1 text-muted">
              Talk to sales or support about your workspace, a bill or a question before you sign
              up.
            </p>
            <a href={brand.phone.href} className="mt-2 inline-block font-semibold text-brand">
              {brand.phone.display}
            </a>
          </div>
        </div>
      </li>
      <li>
        <div className="card flex h-full gap-4 p-5">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-soft text-[#92400e] dark:text-accent">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 className="font-bold text-ink">Write to us</h3>
            <p className="mt-1 text-muted">A person from the team replies during working hours.</p>
            <a
              href={`mailto:${brand.supportEmail}`}
              className="mt-2 inline-block font-semibold text-brand"
            >
              <EmailAddress address={brand.supportEmail} />
            </a>
          </div>
        </div>
      </li>
    </ul>
  );
}
