/**
 * The desktop "Features" mega-menu: a popover (see site-header.tsx) holding the feature groups.
 * Without JavaScript it lists every group with its features. The enhancement script turns the groups
 * into vertical tabs (app/enhance/menus.ts): hovering or focusing a group shows its features, arrow
 * keys move between groups, and leaving the panel or opening the menu again returns to the default
 * group. The tab list is in the HTML, hidden until then, so the script only switches it on.
 */
import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { defaultFeatureGroup, featureGroups, featuresInGroup } from "~/site";
import { FeatureTagBadge } from "./feature-tag";

export const megaMenuId = "mega-menu";
const tabId = (group: string) => `mega-tab-${group}`;
const panelId = (group: string) => `mega-panel-${group}`;

export function MegaMenu() {
  return (
    <>
      <button
        type="button"
        popoverTarget={megaMenuId}
        className="nav-link group inline-flex items-center gap-1"
        data-menu-button=""
      >
        Features
        <ChevronDown aria-hidden="true" className="nav-chevron size-4" />
      </button>
      <div
        id={megaMenuId}
        popover="auto"
        className="nav-popover nav-popover-wide"
        data-testid="mega-menu"
      >
        <MegaMenuPanel />
      </div>
    </>
  );
}

/**
 * DOM order is tab list, panels, "All features", so Tab moves from the active group into its
 * links; the grid puts the link back under the list.
 */
function MegaMenuPanel() {
  return (
    <div
      className="group/mega card grid grid-cols-2 overflow-hidden data-tabs:grid-cols-[15rem_1fr] data-tabs:grid-rows-[1fr_auto]"
      data-feature-tabs={defaultFeatureGroup}
    >
      {/* Tabs only with the enhancement script (app/enhance/menus.ts gives the roles): without
          it the list stays hidden and the groups show as headed lists, so the static HTML holds
          no tab without its panel. */}
      <div
        data-feature-tablist=""
        hidden
        className="col-start-1 row-start-1 flex flex-col gap-1 bg-sunken p-3"
      >
        {featureGroups.map((g) => (
          <button
            key={g.id}
            type="button"
            id={tabId(g.id)}
            data-feature-tab=""
            data-controls={panelId(g.id)}
            data-group={g.id}
            className="rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-muted aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm"
          >
            {g.label}
          </button>
        ))}
      </div>
      {featureGroups.map((g) => (
        <section
          key={g.id}
          id={panelId(g.id)}
          aria-labelledby={`mega-heading-${g.id}`}
          data-group={g.id}
          className="p-5 group-data-tabs/mega:col-start-2 group-data-tabs/mega:row-span-2 group-data-tabs/mega:row-start-1 focus-visible:outline-offset-[-3px]"
        >
          <h3
            id={`mega-heading-${g.id}`}
            className="mb-2 text-sm font-bold text-ink group-data-tabs/mega:hidden"
          >
            {g.label}
          </h3>
          <p className="mb-4 max-w-prose text-sm text-muted">{g.summary}</p>
          <ul className="grid grid-cols-1 gap-2 group-data-tabs/mega:sm:grid-cols-2">
            {featuresInGroup(g.id).map((r) => (
              <li key={r.path}>
                <Link
                  to={r.path}
                  className="block rounded-xl p-3 no-underline hover:bg-sunken focus-visible:bg-sunken"
                >
                  <span className="flex items-center gap-2 font-semibold text-ink">
                    {r.feature?.label}
                    {r.feature?.tag ? <FeatureTagBadge tag={r.feature.tag} /> : null}
                  </span>
                  <span className="block text-sm text-muted">{r.feature?.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Link
        to="/features"
        className="col-span-2 bg-sunken px-6 pt-2 pb-5 text-sm font-semibold text-brand underline-offset-4 group-data-tabs/mega:col-span-1 group-data-tabs/mega:col-start-1 group-data-tabs/mega:row-start-2 hover:underline"
      >
        All features
      </Link>
    </div>
  );
}
