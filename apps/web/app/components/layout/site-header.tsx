/**
 * The site's header. Its menus are popovers: a click, Enter or Space opens them and Escape or a
 * click elsewhere closes them with no script at all, and CSS opens them on hover (app.css,
 * `.nav-menu`). The enhancement script only keeps `aria-expanded` in step and runs the mega-menu's
 * tabs (app/enhance/menus.ts).
 */
import { ChevronDown } from "lucide-react";
import { Link, NavLink } from "react-router";
import { appLinks, brand } from "~/brand";
import { commercialFacts } from "~/content/commercial-facts";
import { staticPageRoutes } from "~/site";
import { Logo } from "./logo";
import { MegaMenu } from "./mega-menu";
import { MobileMenu } from "./mobile-menu";

const barLinks = staticPageRoutes.filter((r) => r.header?.placement === "bar");
const moreLinks = staticPageRoutes.filter((r) => r.header?.placement === "more");

export function SiteHeader() {
  const [home, ...rest] = barLinks;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/90 backdrop-blur supports-[backdrop-filter]:bg-canvas/75">
      {/* 4 rem tall: the chat panel (support-chat-widget.tsx) keeps its top below it. */}
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="text-ink no-underline" aria-label={`${brand.name} home`}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="main-nav hidden lg:block">
          <ul className="flex items-center gap-1">
            {home ? <BarLink path={home.path} label={home.header?.label ?? ""} /> : null}
            <li className="nav-menu">
              <MegaMenu />
            </li>
            {rest.map((r) => (
              <BarLink key={r.path} path={r.path} label={r.header?.label ?? ""} />
            ))}
            <li className="nav-menu nav-menu-end">
              <button
                type="button"
                popoverTarget="more-menu"
                className="nav-link group inline-flex items-center gap-1"
                data-menu-button=""
              >
                More
                <ChevronDown aria-hidden="true" className="nav-chevron size-4" />
              </button>
              <div id="more-menu" popover="auto" className="nav-popover">
                <ul className="card w-60 p-2">
                  {moreLinks.map((r) => (
                    <li key={r.path}>
                      <Link
                        to={r.path}
                        className="block rounded-lg px-3 py-2 text-sm font-medium text-ink no-underline hover:bg-sunken"
                      >
                        {r.header?.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <a href={appLinks.signIn} className="btn btn-secondary hidden sm:inline-flex">
            Sign in
          </a>
          <a href={appLinks.signUp} className="btn btn-primary hidden sm:inline-flex">
            {commercialFacts.signUpLabel}
          </a>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function BarLink({ path, label }: { path: string; label: string }) {
  return (
    <li>
      <NavLink to={path} end className="nav-link">
        {label}
      </NavLink>
    </li>
  );
}
