/**
 * The route table: the one list of the site's pages. The router (routes.ts), the prerender list
 * (react-router.config.ts), the header, mega-menu, mobile menu and footer, the sitemap, robots.txt,
 * the server's route manifest and the tests all read it, so a page cannot exist in one and be missing
 * from another. Paths are canonical: lowercase, no trailing slash.
 */

export type FeatureGroup = "projects" | "time" | "people" | "office";
export type FeatureTag = "Hot" | "New";

export interface PageRoute {
  kind: "page";
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Document title before the brand suffix; the home page uses the brand tagline. */
  title: string;
  /** The page's h1. */
  heading: string;
  /** Meta description and social-card text: 70 to 160 characters. */
  description: string;
  header?: { label: string; placement: "bar" | "more" | "mobile-only" };
  feature?: { group: FeatureGroup; label: string; summary: string; tag?: FeatureTag };
  footer?: { label: string; column: "product" | "company" | "resources" | "legal"; badge?: string };
  /** A parameterised path (`/blog-details/:id`) lists its concrete paths at build time instead. */
  dynamic?: boolean;
}

/** Paths that belong to the product app; the server answers them with a redirect to APP_URL. */
export interface HandoffRoute {
  kind: "handoff";
  path: string;
  /** Path under APP_URL. */
  target: string;
}

/**
 * A client-rendered application under a path prefix: never prerendered, not in the menus or the
 * sitemap, and marked noindex. The server answers the prefix and every path below it with the
 * build's client-rendering page (the router then shows the right screen or its own 404).
 */
export interface AppRoute {
  kind: "app";
  path: string;
  /** Document title before the brand suffix. */
  title: string;
}

/**
 * A page that answers a form posted without JavaScript (the contact form's thank-you page, and the
 * page that shows the form again with what needs fixing): prerendered with the site's header and
 * footer and served like any page, but marked noindex and left out of the menus, the sitemap, the
 * site map and the search, since nobody should land on one from outside.
 */
export interface AnswerRoute {
  kind: "answer";
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Document title before the brand suffix. */
  title: string;
  heading: string;
  description: string;
}

export type SiteRoute = PageRoute | HandoffRoute | AppRoute | AnswerRoute;

export const featureGroups: { id: FeatureGroup; label: string; summary: string }[] = [
  {
    id: "projects",
    label: "Projects",
    summary: "Plan work on boards and sprints and keep every file beside the task it belongs to.",
  },
  {
    id: "time",
    label: "Time tracking",
    summary:
      "Know where the hours go, with timesheets people trust and approvals that take seconds.",
  },
  {
    id: "people",
    label: "People",
    summary: "Attendance, leave, holidays and the team directory, all on one calendar.",
  },
  {
    id: "office",
    label: "Office & assets",
    summary: "Run the office itself: announcements, equipment, stock and who holds what.",
  },
];

export const defaultFeatureGroup: FeatureGroup = "projects";

export const routes: SiteRoute[] = [
  {
    kind: "page",
    path: "/",
    file: "routes/_marketing/home.tsx",
    title: "Project management, time tracking and HR in one place",
    heading: "Plan the work, track the hours, look after the team",
    description:
      "Hourline brings projects, time tracking, attendance, leave, holidays, files and assets into one workspace. Use it now, pay for what you used at the end of the month.",
    header: { label: "Home", placement: "bar" },
  },
  {
    kind: "page",
    path: "/about-us",
    file: "routes/_marketing/about-us.tsx",
    title: "About us",
    heading: "We build the workspace we wanted to work in",
    description:
      "Who we are, what we are building and why: the team behind Hourline and the principles that shape the product.",
    header: { label: "About us", placement: "more" },
    footer: { label: "About us", column: "company" },
  },
  {
    kind: "page",
    path: "/pricing",
    file: "routes/_marketing/pricing.tsx",
    title: "Pricing",
    heading: "One plan. Pay only for what your team used.",
    description:
      "Use & Pay pricing: every module included, no upfront payment, no setup fee and no long-term commitment. See exactly what is metered and what is free.",
    header: { label: "Pricing", placement: "bar" },
    footer: { label: "Pricing", column: "product" },
  },
  {
    kind: "page",
    path: "/help",
    file: "routes/_marketing/help.tsx",
    title: "Help center",
    heading: "How can we Help?",
    description:
      "Search answers about boards, timesheets, leave, billing and account settings, or talk to the Hourline support team in the chat.",
    header: { label: "Help", placement: "bar" },
    footer: { label: "Help", column: "resources" },
  },
  {
    kind: "page",
    path: "/goals",
    file: "routes/_marketing/goals.tsx",
    title: "Our goals",
    heading: "Goals that keep us honest",
    description:
      "What Hourline is working towards: responsible growth, sustainable products and an honest read of the market we serve.",
    header: { label: "Goals", placement: "more" },
    footer: { label: "Goals", column: "company" },
  },
  {
    kind: "page",
    path: "/whats-new",
    file: "routes/_marketing/whats-new.tsx",
    title: "What's new",
    heading: "What's new in Hourline",
    description:
      "The themes we are shipping this year, from assets and inventory to faster timesheets, smarter leave rules and better reports.",
    header: { label: "What's new", placement: "more" },
    footer: { label: "What's new", column: "product" },
  },
  {
    kind: "page",
    path: "/trust&security",
    file: "routes/_marketing/trust-and-security.tsx",
    title: "Trust & security",
    heading: "Trust and security at Hourline",
    description:
      "How Hourline protects your data: encryption, sign-in and role-based access, backups, privacy, incident response and staff training.",
    header: { label: "Trust & security", placement: "more" },
    footer: { label: "Trust & security", column: "legal" },
  },
  {
    kind: "page",
    path: "/site-map",
    file: "routes/_marketing/site-map.tsx",
    title: "Site map",
    heading: "Find your way around Hourline",
    description:
      "A guided tour of the Hourline workspace: dashboard, projects, tasks, people, time, documents, reports, communication and settings.",
    header: { label: "Site map", placement: "more" },
    footer: { label: "Site map", column: "resources" },
  },
  {
    kind: "page",
    path: "/blogs",
    file: "routes/_blog/blogs.tsx",
    title: "Blog",
    heading: "Ideas for teams that ship",
    description:
      "Practical writing on project management, time tracking, Kanban, Scrum, attendance, leave and running a well-organized office.",
    header: { label: "Blog", placement: "bar" },
    footer: { label: "Blog", column: "resources" },
  },
  {
    kind: "page",
    path: "/blog-details/:id",
    file: "routes/_blog/blog-details.tsx",
    title: "Blog post",
    heading: "Blog post",
    description: "An article from the Hourline blog.",
    dynamic: true,
  },
  {
    kind: "page",
    path: "/contact-us",
    file: "routes/_marketing/contact-us.tsx",
    title: "Contact us",
    heading: "Talk to the people who build Hourline",
    description: `Write to Hourline, call our Pune office or visit us. The chat shows when the support team is in.`,
    header: { label: "Contact us", placement: "bar" },
    footer: { label: "Contact us", column: "company" },
  },
  {
    kind: "page",
    path: "/faqs",
    file: "routes/_marketing/faqs.tsx",
    title: "Frequently asked questions",
    heading: "Frequently asked questions",
    description:
      "Answers about attendance, leave, holidays, boards, sprints, files and every part of time tracking, collected in one place.",
    header: { label: "FAQs", placement: "mobile-only" },
    footer: { label: "FAQs", column: "resources" },
  },
  {
    kind: "page",
    path: "/features",
    file: "routes/_marketing/features.tsx",
    title: "Features",
    heading: "Everything a growing team runs on",
    description:
      "Planning and task management, collaboration and resources, time management, and document storage: every Hourline module at a glance.",
    footer: { label: "All features", column: "product" },
  },
  {
    kind: "page",
    path: "/feature-detail",
    file: "routes/_marketing/feature-detail.tsx",
    title: "Feature overview",
    heading: "How the modules fit together",
    description:
      "A tour of every Hourline module and how boards, timesheets, attendance, leave and assets share one set of people and projects.",
    footer: { label: "Feature overview", column: "product" },
  },
  ...featureRoutes(),
  {
    kind: "page",
    path: "/why-hourline",
    file: "routes/_marketing/why-hourline.tsx",
    title: "Why Hourline",
    heading: "Why teams choose Hourline",
    description:
      "Why growing companies replace five separate tools with Hourline: one login, one set of people, and a bill that follows real use.",
    footer: { label: "Why Hourline", column: "company" },
  },
  {
    kind: "page",
    path: "/demo",
    file: "routes/_marketing/demo.tsx",
    title: "Product demo",
    heading: "Introduction Videos",
    description:
      "Short videos that walk through Hourline: boards, sprints, the time tracker, approvals, attendance, leave, files and assets.",
    footer: { label: "Demo", column: "resources" },
  },
  {
    kind: "page",
    path: "/knowledge",
    file: "routes/_marketing/knowledge.tsx",
    title: "Knowledge base",
    heading: "Knowledge base",
    description:
      "Guides and articles for getting Hourline set up and used well, grouped by topic, from first project to month-end invoice.",
    footer: { label: "Knowledge base", column: "resources" },
  },
  {
    kind: "page",
    path: "/what-do",
    file: "routes/_marketing/what-do.tsx",
    title: "What we do",
    heading: "What we do",
    description:
      "Hourline builds the operating system for small and mid-sized teams: where the work is planned, the time is logged and people are looked after.",
    footer: { label: "What we do", column: "company" },
  },
  {
    kind: "page",
    path: "/careers",
    file: "routes/_marketing/careers.tsx",
    title: "Careers",
    heading: "Work with us",
    description:
      "Open roles at Hourline in engineering, design, support and sales. Small teams, real ownership, and a product our own company runs on.",
    footer: { label: "Careers", column: "company", badge: "Hiring" },
  },
  {
    kind: "page",
    path: "/view-case",
    file: "routes/_marketing/view-case.tsx",
    title: "Case study",
    heading: "Case study: from spreadsheets to one workspace",
    description:
      "How a growing services company moved projects, timesheets and leave into Hourline, and what changed in delivery and admin time.",
    footer: { label: "Case study", column: "resources" },
  },
  {
    kind: "page",
    path: "/customers",
    file: "routes/_marketing/customers.tsx",
    title: "Customers",
    heading: "Teams that run on Hourline",
    description:
      "Agencies, software studios, clinics and distributors that plan, track and staff their work with Hourline, in their own words.",
    footer: { label: "Customers", column: "company" },
  },
  {
    kind: "page",
    path: "/terms",
    file: "routes/_legal/terms.tsx",
    title: "Terms of Service",
    heading: "Terms of Service",
    description:
      "The terms that govern your use of Hourline: accounts, Use & Pay billing, your content, liability, termination and governing law.",
    footer: { label: "Terms of Service", column: "legal" },
  },
  {
    kind: "page",
    path: "/policy",
    file: "routes/_legal/policy.tsx",
    title: "Privacy Policy",
    heading: "Privacy Policy",
    description:
      "What information Hourline collects, how it is used and protected, who it is shared with, and the rights you have over it. We never sell it.",
    footer: { label: "Privacy Policy", column: "legal" },
  },
  {
    kind: "page",
    path: "/refund-and-cancellation-policy",
    file: "routes/_legal/refund-and-cancellation-policy.tsx",
    title: "Refund and cancellation policy",
    heading: "Refund and cancellation policy",
    description:
      "When a Hourline invoice can be refunded, how to ask for it, and what happens to your account and data after you cancel.",
    footer: { label: "Refunds & cancellation", column: "legal" },
  },
  {
    kind: "page",
    path: "/shipping-and-delivery-policy",
    file: "routes/_legal/shipping-and-delivery-policy.tsx",
    title: "Shipping and delivery policy",
    heading: "Shipping and delivery policy",
    description:
      "Hourline is delivered online: how access is activated after sign-up, what Use & Pay means for delivery, and how to get help with access.",
    footer: { label: "Shipping & delivery", column: "legal" },
  },
  {
    kind: "answer",
    path: "/contact-us/thanks",
    file: "routes/_marketing/contact-thanks.tsx",
    title: "Message sent",
    heading: "Thank You!",
    description:
      "Your message reached the Hourline team. A person answers by e-mail during working hours.",
  },
  {
    kind: "answer",
    path: "/contact-us/check",
    file: "routes/_marketing/contact-check.tsx",
    title: "Please check your message",
    heading: "Please check your message",
    description:
      "Your message was not sent yet: fix what is marked below and send it again. Everything you typed is still here.",
  },
  { kind: "app", path: "/console", title: "Support console" },
  { kind: "handoff", path: "/sign-in", target: "/login" },
  { kind: "handoff", path: "/sign-up", target: "/register" },
  { kind: "handoff", path: "/forgot-password", target: "/forgot-password" },
];

function featureRoutes(): PageRoute[] {
  const features: {
    path: string;
    group: FeatureGroup;
    label: string;
    heading: string;
    summary: string;
    description: string;
    tag?: FeatureTag;
  }[] = [
    {
      path: "/project-management-for-startups",
      group: "projects",
      label: "Startups",
      heading: "Project management that keeps up with a startup",
      summary: "Lightweight projects that grow with you.",
      description:
        "Project management for startups: plan sprints, run boards and track time from the first hire, then add HR and assets when you need them.",
    },
    {
      path: "/project-management-for-kanbanboard",
      group: "projects",
      label: "Kanban board",
      heading: "Kanban boards that show the real state of work",
      summary: "Columns, limits and flow at a glance.",
      description:
        "Hourline Kanban boards: To Do, In Progress and Done columns, work-in-progress limits, swimlanes and time tracked on every card.",
    },
    {
      path: "/project-management-for-scrumboard",
      group: "projects",
      label: "Scrum board",
      heading: "Scrum boards for sprints that finish on time",
      summary: "Backlog, sprints and story points.",
      description:
        "Run Scrum in Hourline: groom the backlog, plan one- to four-week sprints with story points, and watch work move from To Do to Testing to Done.",
    },
    {
      path: "/file-manager",
      group: "projects",
      label: "File manager",
      heading: "A file manager that lives next to the work",
      summary: "Folders, sharing and encrypted storage.",
      description:
        "Store project files in encrypted cloud folders, share them with the right people, and restore anything from the trash when plans change.",
    },
    {
      path: "/time-tracker",
      group: "time",
      label: "Time tracker",
      heading: "Time tracking your team will actually use",
      summary: "One-click timers with idle detection.",
      description:
        "Automatic time tracking with idle detection, timers on every task and timesheets that fill themselves in. Free with every Hourline plan.",
    },
    {
      path: "/time-tracker-with-summary",
      group: "time",
      label: "Time summary",
      heading: "Time summaries that answer the question before it is asked",
      summary: "Daily and weekly totals by person and project.",
      description:
        "See hours by person, project and task for any day, week or month, and export summaries for payroll and client invoices.",
    },
    {
      path: "/time-tracker-with-screenshots",
      group: "time",
      label: "Screenshots",
      heading: "Proof of work with screenshots every ten minutes",
      summary: "Optional screenshots with clear rules.",
      description:
        "Optional screenshots every 10 minutes while the timer runs, with rules people can see, so remote hours are easy to verify and easy to trust.",
    },
    {
      path: "/time-tracker-with-edit-time",
      group: "time",
      label: "Edit time",
      heading: "Fix a forgotten timer without losing the audit trail",
      summary: "Manual entries with a reason.",
      description:
        "Add or edit time after the fact with a reason attached; every change becomes a request an admin approves or rejects, and history is kept.",
    },
    {
      path: "/time-tracker-with-time-approval",
      group: "time",
      label: "Time approval",
      heading: "Approve timesheets in minutes, not meetings",
      summary: "Review, approve or reject hours.",
      description:
        "Managers review check-ins, manual time and edit requests in one queue, approve or reject with a note, and lock approved weeks for payroll.",
      tag: "Hot",
    },
    {
      path: "/office-management",
      group: "office",
      label: "Office management",
      heading: "Office management without the spreadsheets",
      summary: "Announcements, roles and the daily routine.",
      description:
        "Announcements, custom roles and permissions, check-ins and team chat: the day-to-day running of an office in one Hourline workspace.",
    },
    {
      path: "/employee-attendance-management",
      group: "people",
      label: "Attendance",
      heading: "Attendance that records itself",
      summary: "Check-in, check-out and daily reports.",
      description:
        "Check-in and check-out from any device, daily attendance reports, late and early flags, and records that match timesheets and leave.",
    },
    {
      path: "/employees",
      group: "people",
      label: "Employees",
      heading: "One directory for everyone you work with",
      summary: "Profiles, roles and reporting lines.",
      description:
        "An employee directory with profiles, departments, reporting lines and custom roles that decide who can see and approve what.",
    },
    {
      path: "/employee-holidays-management",
      group: "people",
      label: "Holidays",
      heading: "Holiday planning for every office on one calendar",
      summary: "Holiday calendars per location.",
      description:
        "Publish holiday calendars for every office and location, plan around long weekends, and let people see upcoming holidays at a glance.",
    },
    {
      path: "/employee-leave-management",
      group: "people",
      label: "Leave",
      heading: "Leave requests, balances and policies without the back-and-forth",
      summary: "Requests, approvals and balances.",
      description:
        "Leave requests with one-click approval, live balances, accrual and carry-over rules, comp-off, and policies each team can read.",
    },
    {
      path: "/assets-and-inventory",
      group: "office",
      label: "Assets & inventory",
      heading: "Asset and inventory management in one place",
      summary: "Stock, warranties and assignments.",
      description:
        "Track company assets and stock together: assign equipment to employees, store invoices and warranties, and get low-stock and renewal alerts.",
      // The announcement's module: the banner and the menus say "New" about the same thing.
      tag: "New",
    },
  ];
  return features.map(({ path, group, label, heading, summary, description, tag }) => ({
    kind: "page",
    path,
    file: "routes/_features/feature.tsx",
    title: `${label} | Features`,
    heading,
    description,
    feature: { group, label, summary, ...(tag ? { tag } : {}) },
  }));
}

export const pageRoutes: PageRoute[] = routes.filter((r): r is PageRoute => r.kind === "page");
export const answerRoutes: AnswerRoute[] = routes.filter(
  (r): r is AnswerRoute => r.kind === "answer",
);
export const appRoutes: AppRoute[] = routes.filter((r): r is AppRoute => r.kind === "app");
/** The support console, where agents answer chats and contact messages. */
export const consoleApp: AppRoute = appRoutes.find((r) => r.path === "/console") as AppRoute;
export const handoffRoutes: HandoffRoute[] = routes.filter(
  (r): r is HandoffRoute => r.kind === "handoff",
);
export const staticPageRoutes: PageRoute[] = pageRoutes.filter((r) => !r.dynamic);
export const featureRoutesList: PageRoute[] = pageRoutes.filter((r) => r.feature);

/** The feature pages of one mega-menu group, in menu order. */
export function featuresInGroup(group: FeatureGroup): PageRoute[] {
  return featureRoutesList.filter((r) => r.feature?.group === group);
}

export function findPageRoute(path: string): PageRoute | undefined {
  return staticPageRoutes.find((r) => r.path === path);
}

export function requirePageRoute(path: string): PageRoute {
  const route = findPageRoute(path);
  if (!route) throw new Error(`No page route for ${path} in the route table`);
  return route;
}

export function requireAnswerRoute(path: string): AnswerRoute {
  const route = answerRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`No answer page for ${path} in the route table`);
  return route;
}

/** Where the contact form posted without JavaScript lands once the message is stored. */
export const contactThanksPath = "/contact-us/thanks";
/** The page that shows the contact form again with what needs fixing (filled in by the server). */
export const contactCheckPath = "/contact-us/check";

/** Prerendered with nothing but the 404 page; the server answers unknown paths with it, status 404. */
export const notFoundPrerenderPath = "/404";
