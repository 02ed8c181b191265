import { NavigationMenu } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { Link, NavLink } from "react-router";
import { appLinks, brand } from "~/brand";
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
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="text-ink no-underline" aria-label={`${brand.name} home`}>
          <Logo />
        </Link>

        <NavigationMenu.Root
          aria-label="Main"
          className="relative hidden xl:block"
          delayDuration={80}
        >
          <NavigationMenu.List className="flex items-center gap-1">
            {home ? <BarLink path={home.path} label={home.header?.label ?? ""} /> : null}
            <NavigationMenu.Item value="features">
              <MegaMenu />
            </NavigationMenu.Item>
            {rest.map((r) => (
              <BarLink key={r.path} path={r.path} label={r.header?.label ?? ""} />
            ))}
            <NavigationMenu.Item value="more" className="relative">
              <NavigationMenu.Trigger className="nav-link group inline-flex items-center gap-1">
                More
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 transition-transform group-data-[state=open]:rotate-180"
                />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="card absolute top-full right-0 z-50 mt-2 w-60 p-2">
                <ul>
                  {moreLinks.map((r) => (
                    <li key={r.path}>
                      <NavigationMenu.Link asChild>
                        <Link
                          to={r.path}
                          className="block rounded-lg px-3 py-2 text-sm font-medium text-ink no-underline hover:bg-sunken"
                        >
                          {r.header?.label}
                        </Link>
                      </NavigationMenu.Link>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          </NavigationMenu.List>
        </NavigationMenu.Root>

        <div className="flex items-center gap-2">
          <a href={appLinks.signIn} className="btn btn-secondary hidden sm:inline-flex">
            Sign in
          </a>
          <a href={appLinks.signUp} className="btn btn-primary hidden sm:inline-flex">
            Sign up
          </a>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function BarLink({ path, label }: { path: string; label: string }) {
  return (
    <NavigationMenu.Item>
      <NavigationMenu.Link asChild>
        <NavLink to={path} end className="nav-link">
          {label}
        </NavLink>
      </NavigationMenu.Link>
    </NavigationMenu.Item>
  );
}
