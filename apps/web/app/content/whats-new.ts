/** The nine themes on /whats-new, in the order we are shipping them; each links to its module. */
import { brand } from "../brand";

export interface Theme {
  title: string;
  text: string;
  /** The page that describes the module this theme improves. */
  path: string;
}

export const themes: Theme[] = [
  {
    title: "Assets and inventory, side by side",
    text: `${brand.announcement.text}. Asset records now carry invoices, warranties and reminders, and stock items raise an alert before they run out, all next to the employees who hold them.`,
    path: "/assets-and-inventory",
  },
  {
    title: "Faster timesheets",
    text: "Start the timer from any card, switch tasks without stopping it first, and fill a missed morning with one manual entry. A week now takes a couple of minutes to check before you submit it.",
    path: "/time-tracker",
  },
  {
    title: "Smarter leave rules",
    text: "Accrual per month or up front, carry-forward caps that expire on the date you choose, half days, and separate policies for interns or staff abroad, with balances that update as soon as a request is decided.",
    path: "/employee-leave-management",
  },
  {
    title: "Holiday calendars per office",
    text: "Each location gets its own calendar built on a shared core of company-wide days, with optional festivals people pick themselves and provisional dates you confirm later.",
    path: "/employee-holidays-management",
  },
  {
    title: "One approval queue",
    text: "Completed check-ins, edit-time requests and weekly hours arrive in the same place, so a manager clears a week's decisions in one sitting and every rejection carries its comment back.",
    path: "/time-tracker-with-time-approval",
  },
  {
    title: "Reports you can hand over",
    text: "Time summaries by person, project or client export with the same filters you see on screen, ready for payroll or for a client who wants to check an invoice line by line.",
    path: "/time-tracker-with-summary",
  },
  {
    title: "Sprint insight",
    text: "The burndown shows the sprint's remaining points day by day, velocity builds up across sprints, and a closed sprint hands unfinished stories back to the backlog in one step.",
    path: "/project-management-for-scrumboard",
  },
  {
    title: "A calmer file manager",
    text: "Folders follow projects and clients, sharing settings survive a trip to the trash and back, and files attached to cards or asset records appear in the same tree.",
    path: "/file-manager",
  },
  {
    title: "Roles that fit your company",
    text: "Custom roles decide who sees and approves what in every module, and changing a role updates everyone who holds it at once, from team leads to contractors.",
    path: "/office-management",
  },
];
