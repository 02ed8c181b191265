/**
 * The enhancement script: the one script every content page loads, as a module, so it never holds
 * up the first paint. The page works without it (links, forms, <details>, popovers, scroll-snap
 * sliders); it adds what needs a script, each part looking for its own markup and doing nothing on
 * pages without it. Islands of React (the chat widget, the contact form's validation) and the map
 * are imported from here only when they are about to be used. Budget: 15 KB gzip, checked by
 * scripts/page-budget.test.ts.
 */
import { enhanceCarousels } from "./carousel";
import { enhanceChatLauncher } from "./chat-launcher";
import { enhanceContactForm } from "./contact-form";
import { enhanceContactMap } from "./contact-map";
import { enhanceCostEstimator } from "./cost-estimator";
import { enhanceCountUps } from "./count-up";
import { enhanceFaqs } from "./faq";
import { enhanceLiveSearch } from "./live-search";
import { enhanceMenus } from "./menus";
import { enhanceScrollToTop } from "./scroll-to-top";
import { enhanceSectionNav } from "./section-nav";
import { enhanceVideos } from "./video";
import { recordThisPage } from "./visited-pages";

function enhance() {
  recordThisPage();
  enhanceMenus(document);
  enhanceFaqs(document);
  enhanceCarousels(document);
  enhanceCountUps(document);
  enhanceCostEstimator(document);
  enhanceScrollToTop(document);
  enhanceSectionNav(document);
  enhanceVideos(document);
  enhanceLiveSearch(document);
  enhanceContactForm(document);
  enhanceContactMap(document);
  enhanceChatLauncher(document);
}

// A page the speculation rules prerender is set up when the visitor arrives on it: nothing moves,
// loads or connects while it waits unseen.
if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener("prerenderingchange", enhance, { once: true });
} else {
  enhance();
}
