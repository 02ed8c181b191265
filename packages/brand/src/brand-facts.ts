/**
 * Every brand fact that does not depend on the deployment: the name, the company, contacts, the
 * address and map, social accounts, product videos, the support promise and the announcement.
 * Change the company here and nowhere else: the site (apps/web/app/brand.ts adds the public origin
 * and the app's URL, read at build time) and the server's mail both read this module.
 */

export const brandFacts = {
  name: "Hourline",
  legalName: "Hourline Software Private Limited",
  tagline: "Projects, time and people in one calm workspace",
  domain: "hourline.example",
  supportEmail: "support@hourline.example",
  careersEmail: "careers@hourline.example",
  phone: { display: "+91 20 4120 7788", href: "tel:+912041207788" },
  address: {
    street: "5th Floor, Raheja Towers, Bund Garden Road",
    locality: "Pune",
    region: "Maharashtra",
    postalCode: "411001",
    country: "India",
    countryCode: "IN",
  },
  /** Pune city center; the contact map opens here at zoom 10. */
  map: { lat: 18.5204, lng: 73.8567, zoom: 10 },
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/hourline" },
    { name: "X", href: "https://x.com/hourlinehq" },
    { name: "YouTube", href: "https://www.youtube.com/@hourline" },
    { name: "Instagram", href: "https://www.instagram.com/hourlinehq" },
  ],
  /**
   * YouTube video ids of the product videos on the official channel, played from
   * youtube-nocookie.com only after a visitor presses play. Titles and descriptions are in
   * content/videos.ts.
   */
  videos: {
    overview: "Hq7ZpL3vTn4",
    boards: "bK2mWd8sR1c",
    sprints: "sP4rT9nQe2A",
    timeTracker: "tT6kLm3Vx8w",
    approvals: "aP1vR7cHj5Q",
    attendance: "aT3nD8kWq0E",
    leave: "lV5eQ2pRs9M",
    files: "fL7mN4gTz6K",
    assets: "aS9tK1wBv3Y",
  },
  /** The one "New" badge shown in the header, the mega-menu and the feature heroes. */
  announcement: {
    label: "New",
    text: "Assets & inventory: track stock, warranties and who holds what",
    href: "/assets-and-inventory",
  },
} as const;

export type BrandFacts = typeof brandFacts;
