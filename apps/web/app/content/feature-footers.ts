/**
 * The closing block of the two pages that keep the holiday and leave layout (hero, two bullets,
 * anchored sections with side image navigation, footer block). Each page has its own.
 */
export interface FeatureFooterBlock {
  path: string;
  title: string;
  text: string;
  /** A related page offered beside the sign-up button. */
  related: { path: string; label: string };
}

export const featureFooterBlocks: FeatureFooterBlock[] = [
  {
    path: "/employee-holidays-management",
    title: "Have next year's holidays ready before anyone asks",
    text: "Set up each office's calendar once, mark the optional festivals, and let leave balances step around public holidays on their own. New joiners see the right days off from their first login.",
    related: { path: "/employee-leave-management", label: "See leave management" },
  },
  {
    path: "/employee-leave-management",
    title: "Give everyone an honest leave balance this month",
    text: "Enter your leave types and carry-forward rules, import opening balances and pick an approver for each team. From the next request on, nobody needs to ask HR how many days they have left.",
    related: { path: "/employee-holidays-management", label: "See holiday calendars" },
  },
];
