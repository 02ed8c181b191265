/**
 * The public site's frame around every page: skip link, header, the page itself, footer, the
 * scroll-to-top button and the support chat launcher. The console has a frame of its own.
 */
import { ChatLauncher } from "~/features/support-chat/launcher/chat-launcher";
import { ScrollToTop } from "./scroll-to-top";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

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
