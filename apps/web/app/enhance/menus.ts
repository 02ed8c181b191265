/**
 * The header's menus. The popovers open and close by themselves; this keeps `aria-expanded` in
 * step with them, turns the mega-menu's feature groups into tabs (hover or focus shows a group,
 * arrow keys move between groups, leaving the panel or opening the menu returns to the default
 * group), and closes the mobile menu on Escape and when a page comes back from the back-forward
 * cache.
 */

export function enhanceMenus(root: Document) {
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-menu-button]")) {
    const popover = button.popoverTargetElement;
    if (!(popover instanceof HTMLElement)) continue;
    button.setAttribute("aria-expanded", String(popover.matches(":popover-open")));
    popover.addEventListener("toggle", (event) => {
      button.setAttribute("aria-expanded", String((event as ToggleEvent).newState === "open"));
    });
  }
  for (const card of root.querySelectorAll<HTMLElement>("[data-feature-tabs]")) featureTabs(card);
  const menu = root.querySelector<HTMLDetailsElement>("details[data-mobile-menu]");
  if (menu) mobileMenu(menu);
}

const tabKeys: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

function featureTabs(card: HTMLElement) {
  const fallback = card.dataset.featureTabs ?? "";
  const tablist = card.querySelector<HTMLElement>("[data-feature-tablist]");
  const tabs = [...card.querySelectorAll<HTMLButtonElement>("[data-feature-tab]")];
  const panels = [...card.querySelectorAll<HTMLElement>("section[data-group]")];
  if (!tablist || tabs.length === 0) return;

  tablist.setAttribute("role", "tablist");
  tablist.setAttribute("aria-label", "Feature groups");
  tablist.setAttribute("aria-orientation", "vertical");
  for (const tab of tabs) {
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", tab.dataset.controls ?? "");
  }

  for (const panel of panels) {
    const tab = tabs.find((t) => t.dataset.group === panel.dataset.group);
    panel.setAttribute("role", "tabpanel");
    if (tab) panel.setAttribute("aria-labelledby", tab.id);
    panel.tabIndex = 0;
  }
  const select = (group: string) => {
    for (const tab of tabs) {
      const on = tab.dataset.group === group;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    // Not `hidden`: the other panels keep their place (app.css), so the menu's height never jumps.
    for (const panel of panels)
      panel.toggleAttribute("data-inactive", panel.dataset.group !== group);
  };
  select(fallback);
  tablist.hidden = false;
  card.dataset.tabs = "";

  for (const tab of tabs) {
    const show = () => select(tab.dataset.group ?? fallback);
    tab.addEventListener("pointerenter", show);
    tab.addEventListener("focus", show);
    tab.addEventListener("click", show);
  }
  tablist.addEventListener("keydown", (event) => {
    const move = tabKeys[event.key];
    const index = tabs.indexOf(event.target as HTMLButtonElement);
    if (!move || index < 0) return;
    event.preventDefault();
    tabs[move(index, tabs.length)]?.focus();
  });
  card.addEventListener("pointerleave", () => select(fallback));

  const popover = card.closest<HTMLElement>("[popover]");
  popover?.addEventListener("beforetoggle", (event) => {
    if ((event as ToggleEvent).newState === "open") select(fallback);
  });
  // Shown by hovering its item: each visit starts on the default group too.
  popover?.parentElement?.addEventListener("pointerenter", () => {
    if (!popover.matches(":popover-open")) select(fallback);
  });
}

function mobileMenu(menu: HTMLDetailsElement) {
  const close = () => {
    menu.open = false;
    for (const sub of menu.querySelectorAll("details")) sub.open = false;
  };
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    close();
    menu.querySelector("summary")?.focus();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) close();
  });
}
