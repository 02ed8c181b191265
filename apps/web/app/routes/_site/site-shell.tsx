/**
 * The public site's frame around every page: skip link, header, the page itself, footer, the
 * scroll-to-top button and the support chat launcher. It sits with the site's layout route, the
 * layer that may put shared components and a feature (the launcher) together. The console has a
 * frame of its own.
 */
import { ScrollToTop } from "~/components/layout/scroll-to-top";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { ChatLauncher } from "~/features/support-chat/launcher/chat-launcher";

export function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <div id="top" tabIndex={-1} className="outline-none" />
      <a
        href="#main"
        className="btn btn-primary fixed top-2 left-2 z-[60] -translate-y-20 focus:translate-y-0"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
      <ScrollToTop />
      <ChatLauncher />
    </>
  );
}
