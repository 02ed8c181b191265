/**
 * The desktop "Features" mega-menu. Feature groups are tabs: hovering or focusing a group shows its
 * features; leaving the menu returns to the default group. Radix supplies the disclosure (Esc closes,
 * focus returns to the trigger) and the tabs' roving focus (arrow keys move between groups).
 */
import { NavigationMenu, Tabs } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { defaultFeatureGroup, featureGroups, featuresInGroup, type FeatureGroup } from "~/site";
import { FeatureTagBadge } from "./feature-tag";

export function MegaMenu() {
  return (
    <>
      <NavigationMenu.Trigger className="nav-link group inline-flex items-center gap-1">
        Features
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform group-data-[state=open]:rotate-180"
        />
      </NavigationMenu.Trigger>
      <NavigationMenu.Content
        className="absolute top-full left-1/2 z-50 mt-2 w-[min(56rem,calc(100vw-2rem))] -translate-x-1/2"
        data-testid="mega-menu"
      >
        <MegaMenuPanel />
      </NavigationMenu.Content>
    </>
  );
}

/**
 * Mounted only while the menu is open, so every opening starts on the default group. DOM order is
 * tab list, panel, "All features" so Tab moves from the active group into its links; the grid puts
 * the link back under the list.
 */
function MegaMenuPanel() {
  const [group, setGroup] = useState<FeatureGroup>(defaultFeatureGroup);
  return (
    <div onPointerLeave={() => setGroup(defaultFeatureGroup)} className="card overflow-hidden">
      <Tabs.Root
        value={group}
        onValueChange={(v) => setGroup(v as FeatureGroup)}
        orientation="vertical"
        activationMode="automatic"
        className="grid grid-cols-[15rem_1fr] grid-rows-[1fr_auto]"
      >
        <Tabs.List
          aria-label="Feature groups"
          className="col-start-1 row-start-1 flex flex-col gap-1 bg-sunken p-3"
        >
          {featureGroups.map((g) => (
            <Tabs.Trigger
              key={g.id}
              value={g.id}
              onPointerEnter={() => setGroup(g.id)}
              onFocus={() => setGroup(g.id)}
              className="rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
            >
              {g.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {featureGroups.map((g) => (
          <Tabs.Content
            key={g.id}
            value={g.id}
            className="col-start-2 row-span-2 row-start-1 p-5 focus-visible:outline-offset-[-3px]"
          >
            <p className="mb-4 max-w-prose text-sm text-muted">{g.summary}</p>
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {featuresInGroup(g.id).map((r) => (
                <li key={r.path}>
                  <NavigationMenu.Link asChild>
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
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </Tabs.Content>
        ))}
        <NavigationMenu.Link asChild>
          <Link
            to="/features"
            className="col-start-1 row-start-2 bg-sunken px-6 pt-2 pb-5 text-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            All features
          </Link>
        </NavigationMenu.Link>
      </Tabs.Root>
    </div>
  );
}
