/**
 * The menu below 1280 px. Built on <details> so it opens without JavaScript; the enhancement script
 * also closes it on Escape, returning focus to its button, and when the page comes back from the
 * back-forward cache (app/enhance/menus.ts). Every feature links to its page.
 */
import { Menu, X, ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { appLinks } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { featureGroups, featuresInGroup, staticPageRoutes } from "~/site";
import { FeatureTagBadge } from "./feature-tag";

const headerLinks = staticPageRoutes.filter((r) => r.header);
const mainLinks = headerLinks.filter((r) => r.header?.placement !== "more");
const moreLinks = headerLinks.filter((r) => r.header?.placement === "more");

export function MobileMenu() {
  return (
    <details className="group/menu lg:hidden" data-testid="mobile-menu" data-mobile-menu="">
      <summary className="btn btn-secondary list-none px-3" aria-label="Menu">
        <Menu aria-hidden="true" className="size-5 group-open/menu:hidden" />
        <X aria-hidden="true" className="hidden size-5 group-open/menu:block" />
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-surface shadow-[var(--shadow-float)]"
      >
        <ul className="container-page flex flex-col py-3">
          {mainLinks.slice(0, 1).map((r) => (
            <MenuLink key={r.path} to={r.path}>
              {r.header?.label}
            </MenuLink>
          ))}
          <li>
            <SubMenu label="Features">
              {featureGroups.map((g) => (
                <li key={g.id} className="pt-2">
                  <p className="px-3 text-xs font-bold tracking-wider text-muted uppercase">
                    {g.label}
                  </p>
                  <ul>
                    {featuresInGroup(g.id).map((r) => (
                      <MenuLink key={r.path} to={r.path}>
                        {r.feature?.label}
                        {r.feature?.tag ? <FeatureTagBadge tag={r.feature.tag} /> : null}
                      </MenuLink>
                    ))}
                  </ul>
                </li>
              ))}
              <MenuLink to="/features">All features</MenuLink>
            </SubMenu>
          </li>
          {mainLinks.slice(1).map((r) => (
            <MenuLink key={r.path} to={r.path}>
              {r.header?.label}
            </MenuLink>
          ))}
          <li>
            <SubMenu label="More">
              {moreLinks.map((r) => (
                <MenuLink key={r.path} to={r.path}>
                  {r.header?.label}
                </MenuLink>
              ))}
            </SubMenu>
          </li>
          <li className="mt-3 flex gap-2 border-t border-line pt-4 sm:hidden">
            <a href={appLinks.signIn} className="btn btn-secondary flex-1">
              Sign in
            </a>
            <a href={appLinks.signUp} className="btn btn-primary flex-1">
              {commercialFacts.signUpLabel}
            </a>
          </li>
        </ul>
      </nav>
    </details>
  );
}

function SubMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="group/sub">
      <summary className="flex min-h-11 list-none items-center justify-between rounded-lg px-3 font-semibold text-ink hover:bg-sunken">
        {label}
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform group-open/sub:rotate-180"
        />
      </summary>
      <ul className="ml-3 border-l border-line pl-2">{children}</ul>
    </details>
  );
}

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium text-ink no-underline hover:bg-sunken"
      >
        {children}
      </Link>
    </li>
  );
}
