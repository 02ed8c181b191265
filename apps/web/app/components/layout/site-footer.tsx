import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { brand } from "~/brand";
import { featureRoutesList, staticPageRoutes, type PageRoute } from "~/site";
import { Logo } from "./logo";

type Column = NonNullable<PageRoute["footer"]>["column"];

const columns: { id: Column; title: string }[] = [
  { id: "product", title: "Product" },
  { id: "company", title: "Company" },
  { id: "resources", title: "Resources" },
  { id: "legal", title: "Legal" },
];

export function SiteFooter() {
  const year = 2026;
  return (
    // On phones the page ends with room for the floating chat and back-to-top buttons (76 px from
    // the bottom), so its last lines and links can be scrolled clear of them.
    <footer className="border-t border-line bg-surface pb-20 sm:pb-0">
      <div className="container-page grid grid-cols-1 gap-10 py-14 lg:grid-cols-[1.2fr_3fr]">
        <div className="space-y-4">
          <Link to="/" className="text-ink no-underline" aria-label={`${brand.name} home`}>
            <Logo />
          </Link>
          <p className="max-w-xs text-sm text-muted">{brand.tagline}.</p>
          <address className="space-y-2 text-sm text-muted not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {brand.address.street}, {brand.address.locality} {brand.address.postalCode},{" "}
                {brand.address.country}
              </span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={brand.phone.href} className="text-muted">
                {brand.phone.display}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${brand.supportEmail}`} className="text-muted">
                {brand.supportEmail}
              </a>
            </p>
          </address>
        </div>
        <div className="grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-5">
          <nav aria-labelledby="footer-features" className="lg:col-span-1">
            <h2 id="footer-features" className="mb-3 text-sm font-bold text-ink">
              Features
            </h2>
            <ul className="space-y-1.5 text-sm">
              {featureRoutesList.map((r) => (
                <li key={r.path}>
                  <Link to={r.path} className="text-muted hover:text-ink">
                    {r.feature?.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {columns.map((c) => (
            <nav key={c.id} aria-labelledby={`footer-${c.id}`}>
              <h2 id={`footer-${c.id}`} className="mb-3 text-sm font-bold text-ink">
                {c.title}
              </h2>
              <ul className="space-y-1.5 text-sm">
                {staticPageRoutes
                  .filter((r) => r.footer?.column === c.id)
                  .map((r) => (
                    <li key={r.path} className="flex items-center gap-2">
                      <Link to={r.path} className="text-muted hover:text-ink">
                        {r.footer?.label}
                      </Link>
                      {r.footer?.badge ? (
                        <span className="rounded-full bg-teal-soft px-2 py-0.5 text-[0.6875rem] font-bold text-[#115e59] uppercase dark:text-teal">
                          {r.footer.badge}
                        </span>
                      ) : null}
                    </li>
                  ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-3 pt-6 pb-24 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {brand.legalName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-4" aria-label="Social media">
            {brand.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" className="text-muted hover:text-ink">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
