/**
 * The guided tour on /site-map: the sections of the Hourline workspace (left column) and what to
 * consider when finding your way around it (right column).
 */
export interface TourEntry {
  title: string;
  text: string;
}

export const workspaceSections: TourEntry[] = [
  {
    title: "Dashboard",
    text: "Where the day starts: announcements, your check-in, today's tasks, pending approvals and who is off. Each person sees the parts that match their role.",
  },
  {
    title: "Projects",
    text: "Every project with its board, backlog, sprints, files and tracked hours. Open one to see progress against plan and the people working on it.",
  },
  {
    title: "Tasks",
    text: "Cards on Kanban and Scrum boards with owners, due dates, story points, discussion and a timer. My Tasks gathers everything assigned to you across projects.",
  },
  {
    title: "Teams and People",
    text: "The employee directory, reporting lines and office locations, plus attendance, leave balances and holiday calendars for each person.",
  },
  {
    title: "Time Management",
    text: "The time tracker, timesheets, screenshots where they are switched on, edit-time requests and the weekly approval queue.",
  },
  {
    title: "Documents and Files",
    text: "The file manager: folders per project, client or department, sharing by person or team, and a trash for restoring what was deleted.",
  },
  {
    title: "Reports and Analytics",
    text: "Time summaries, attendance and leave reports, project progress and invoices, filtered by person, team, client or date and exported as files.",
  },
  {
    title: "Communication",
    text: "Company announcements, team chat and comments on tasks, so conversations stay beside the work they are about.",
  },
  {
    title: "Settings",
    text: "Workspace details, modules, roles and permissions, leave policies, holiday calendars, billing and invoices. Only owners and admins see all of it.",
  },
  {
    title: "Help and Support",
    text: "Articles, frequently asked questions and the support chat, one click away from every screen of the workspace.",
  },
];

export const considerations: TourEntry[] = [
  {
    title: "Navigation",
    text: "The sidebar follows the sections on the left, in the same order, and stays put on every screen. A breadcrumb above each page shows where you are, and the browser's back button always does what you expect.",
  },
  {
    title: "Customization",
    text: "Admins switch modules on or off for the workspace, and each person pins the projects and boards they use most. Board columns, leave types and roles are named in your company's own words.",
  },
  {
    title: "Role-based views",
    text: "What you see depends on your role. Employees see their own time, leave and assets; managers also see their team and its approvals; admins see settings and billing.",
  },
  {
    title: "Search and filters",
    text: "Search finds people, projects, tasks and files by name from anywhere. Lists and reports share the same filters for person, team, project, client and date, and remember the last ones you used.",
  },
];
