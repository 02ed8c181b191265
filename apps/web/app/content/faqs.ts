/**
 * FAQ content: one set per topic (in the order of `faqTopics`) for the feature pages and /faqs,
 * plus (re-exported) the ten general questions on /help. Checked at build by validate-content.ts.
 */
import type { FaqSet } from "./schema";
import { paymentWindow } from "./billing-phrases";
import { assetsFaq } from "./assets-faq";

export const faqSets: FaqSet[] = [
  {
    topic: "attendance",
    title: "Attendance questions",
    items: [
      {
        id: "attendance-check-in-out",
        question: "How do employees check in and check out?",
        answer:
          "Each person checks in from the attendance screen when their working day starts and checks out when it ends. Hourline records the time of each action and adds up the hours for the day. If someone takes a long break, they can check out and check in again, so a split day shows as two sessions instead of one long block.",
      },
      {
        id: "attendance-vs-work-check-in",
        question: "What is the difference between attendance and a work check-in?",
        answer:
          "Attendance records presence: when someone started and finished the day. A work check-in records what they are working on: the task, the hours they intend to spend, and notes about the work. Keeping the two apart lets you use attendance for payroll and check-ins for planning.",
      },
      {
        id: "attendance-approve-check-ins",
        question: "Who approves work check-ins, and where does that happen?",
        answer:
          "When an employee marks a check-in as done, it appears in the admin portal for the people you have given approval rights. They can approve it or reject it with a comment explaining what needs to change. Most teams let each manager approve their own team, with an admin as a backup.",
      },
      {
        id: "attendance-forgotten",
        question: "What happens if someone forgets to check in or out?",
        answer:
          "The employee submits a correction with the right times and a short reason. An admin approves or rejects it, and the original record stays visible, so nobody can quietly rewrite a day. This keeps attendance accurate without penalizing honest mistakes.",
      },
      {
        id: "attendance-work-mode",
        question: "Can we record whether someone worked from home, the office or a client site?",
        answer:
          "Yes. Employees can note where they worked when they check in, which is useful when your policy asks for a certain number of office days each week. Managers then see the pattern over a month rather than chasing individual days.",
      },
      {
        id: "attendance-monthly-view",
        question: "Can I see a month of attendance for payroll?",
        answer:
          "The monthly view lists each employee's working days, hours, approved leave and public holidays side by side. Payroll can work from that one screen instead of reconciling a spreadsheet with the leave calendar. Reports can be exported when your accountant needs a file.",
      },
    ],
  },
  {
    topic: "holidays",
    title: "Holiday questions",
    items: [
      {
        id: "holidays-per-office",
        question: "Can each office or location have its own holiday calendar?",
        answer:
          "Yes. You keep a shared core of company-wide days and add regional holidays per location, so the Pune office can have Gudi Padwa while Bengaluru has Ugadi. Each employee is linked to a location and sees only the calendar that applies to them.",
      },
      {
        id: "holidays-optional",
        question: "Do you support optional or floating holidays?",
        answer:
          "You can publish a list of optional festivals and set how many each person may choose in a year. Employees pick their days, managers see them on the team calendar, and the remaining count updates automatically. It is a simple way to respect different traditions without closing the company on every festival.",
      },
      {
        id: "holidays-inside-leave",
        question: "Is a public holiday deducted when it falls inside someone's leave?",
        answer:
          "No. When a leave request spans a public holiday at the employee's location, that day is left out of the deduction. The holiday planner and the leave module read the same calendar, so nobody has to count the days by hand.",
      },
      {
        id: "holidays-date-changes",
        question: "What if a festival date moves after we publish the calendar?",
        answer:
          "Festivals that follow a lunar calendar are often confirmed late. Mark the date as provisional when you publish, then update it in the holiday planner once it is announced; everyone at that location sees the change. Leave requests around the old date are worth a second look after the update.",
      },
      {
        id: "holidays-working-on-holiday",
        question: "How do we handle people who work on a public holiday?",
        answer:
          "Approve the holiday work, then grant compensatory off for it. Comp-off is usually used within 30 to 60 days, and you can set the exact window in your policy so unused days lapse instead of piling up.",
      },
    ],
  },
  {
    topic: "leave",
    title: "Leave questions",
    items: [
      {
        id: "leave-types",
        question: "Which leave types can we set up?",
        answer:
          "You define your own: earned or annual leave, sick leave, casual leave, parental leave, compensatory off, unpaid leave, or anything else your policy needs. Each type has its own yearly entitlement, accrual rule and approval settings. Most small companies are well served by four or five types.",
      },
      {
        id: "leave-accrual",
        question: "Can leave accrue every month instead of arriving all at once?",
        answer:
          "Yes. A leave type can grant its full entitlement at the start of the year or add a fixed amount for each month worked. Monthly accrual is fairer to people who join mid-year, and Hourline prorates their balance from the joining date.",
      },
      {
        id: "leave-balance",
        question: "How do employees check their leave balance?",
        answer:
          "Every employee sees their balance per leave type, the days already taken, requests still pending and leave booked for later in the year. Managers see the same figures for their team, which removes most of the back-and-forth with HR.",
      },
      {
        id: "leave-approval-flow",
        question: "How does a leave request get approved?",
        answer:
          "Employees apply from their leave page by choosing a type, the dates and an optional note. The request lands with their assigned approver together with the current balance and a view of teammates already off that week. Once a decision is made, with a comment if needed, the balance adjusts at once.",
      },
      {
        id: "leave-carry-forward",
        question: "Can unused leave carry forward into the next year?",
        answer:
          "You choose per leave type whether days carry forward, the maximum that can move across, and the date by which carried days must be used. Setting these rules up front prevents disputes at the end of the year.",
      },
      {
        id: "leave-half-day",
        question: "Can someone apply for half a day?",
        answer:
          "Yes. Enable half days on any leave type and people can request a morning or an afternoon off, so a short appointment costs half a day of balance rather than a whole one.",
      },
    ],
  },
  {
    topic: "general",
    title: "General questions",
    items: [
      {
        id: "general-what-is-hourline",
        question: "What is Hourline?",
        answer:
          "Hourline is a cloud workspace that brings together project boards, time tracking, attendance, leave, holidays, an employee directory, file storage, office management, and assets and inventory. Because the modules share the same people and projects, data entered once is available everywhere it is needed.",
      },
      {
        id: "general-who-for",
        question: "Who is Hourline built for?",
        answer:
          "Startups, IT teams, agencies, founders and growing businesses, whether they work remotely, in an office or both. It suits teams that have outgrown spreadsheets but do not want to stitch together five separate tools.",
      },
      {
        id: "general-use-and-pay",
        question: "How does the Use & Pay model work?",
        answer:
          "You get every module with no upfront payment, no setup fee and no long-term commitment. Hourline records what your team uses during the month, issues an invoice at the start of the next month, and payment is due " +
          paymentWindow +
          ". The pricing page lists the current rates.",
      },
      {
        id: "general-pick-modules",
        question: "Do we have to use every module?",
        answer:
          "No. Many teams start with boards and time tracking, then switch on attendance or leave when they are ready. Unused modules stay out of the way, and you can turn them on later without migrating any data.",
      },
      {
        id: "general-roles-permissions",
        question: "Can I control what each person is allowed to see and do?",
        answer:
          "Yes. Hourline has custom roles with role-based permissions, so you decide who can approve time, view screenshots, manage leave policies or see financial reports. Invited users get the access level of the role you assign to them.",
      },
      {
        id: "general-team-chat",
        question: "Can the team communicate inside Hourline?",
        answer:
          "Team chat and company announcements are built in, and every task has its own comment thread. Conversations about the work stay next to the work instead of getting lost in a separate messaging app.",
      },
    ],
  },
  {
    topic: "startups",
    title: "Questions from startups",
    items: [
      {
        id: "startups-why-fit",
        question: "Why does Hourline suit an early-stage startup?",
        answer:
          "A young company needs project boards, time tracking and basic HR long before it can afford separate tools for each. Hourline covers all of them in one place, and with Use & Pay there is nothing to pay before you start and no annual contract to sign.",
      },
      {
        id: "startups-setup-time",
        question: "How long does it take to get a small team started?",
        answer:
          "Most small teams are working on their first board within an afternoon. Create a project, invite your colleagues, add the tasks you already have, and start the timer; leave policies and holiday calendars can follow later in the week.",
      },
      {
        id: "startups-growing",
        question: "Will Hourline keep up as the team grows into several departments?",
        answer:
          "Yes. Custom roles, team-level approvals and per-location holiday calendars are designed for the stage when one founder can no longer approve everything. You add structure as you need it rather than configuring it all on day one.",
      },
      {
        id: "startups-contractors",
        question: "Can freelancers and contractors track time alongside employees?",
        answer:
          "Invite them as users with a role that limits what they can see, typically only their assigned projects. Their hours appear in the same summaries as everyone else's, which makes paying them and billing clients far simpler.",
      },
      {
        id: "startups-invoicing",
        question: "Can we invoice clients from the hours we track?",
        answer:
          "Hourline's automated invoicing can bill monthly, hourly or per project. Approved time flows into the invoice, so the figure you send a client matches the hours your team actually recorded.",
      },
    ],
  },
  {
    topic: "kanban",
    title: "Kanban board questions",
    items: [
      {
        id: "kanban-default-columns",
        question: "Which columns does a new Kanban board start with?",
        answer:
          "A new board starts with To Do, In Progress and Done. That simple flow is enough for most teams at first; after a couple of weeks you will see where cards wait and can add columns for those steps.",
      },
      {
        id: "kanban-custom-columns",
        question: "Can I add columns such as Review or Testing?",
        answer:
          "Yes. Add, rename and reorder columns to match the real stages of your work, for example Review and Testing for software or Drafting and Approval for content. Try to keep each column tied to a genuine change in the state of the work.",
      },
      {
        id: "kanban-wip-limits",
        question: "Does the board support work-in-progress limits?",
        answer:
          "You can set a WIP limit on any column. When a column is full, the board shows it clearly, which nudges the team to finish and review existing cards before pulling new ones. A good first limit is the number of people working in that column plus one.",
      },
      {
        id: "kanban-swimlanes",
        question: "Can I split the board into swimlanes?",
        answer:
          "Yes. Horizontal lanes can split the board by type of work, for instance keeping urgent fixes in their own fast lane or giving each client a row. Keep it to two or three; when you need more, separate boards read better.",
      },
      {
        id: "kanban-card-details",
        question: "What can a Kanban card hold?",
        answer:
          "Each card has an owner, a due date, a description, comments, attachments from the file manager and the time logged against it. Opening a card shows the whole history of the task, including who moved it and when.",
      },
      {
        id: "kanban-time-link",
        question: "How does the board connect to time tracking?",
        answer:
          "Employees start the timer directly from a card, so hours land on the right task and project without any re-typing. The card then shows both its position on the board and how much time has gone into it.",
      },
    ],
  },
  {
    topic: "scrum",
    title: "Scrum board questions",
    items: [
      {
        id: "scrum-sprint-length",
        question: "How long can a sprint be?",
        answer:
          "Sprints can run from 1 to 4 weeks. Pick one length and keep it steady for a few sprints, because a consistent cadence is what makes velocity useful for planning.",
      },
      {
        id: "scrum-board-columns",
        question: "Which columns does the Scrum board use?",
        answer:
          "The Scrum board uses Backlog, To Do, In Progress, Testing and Done. Items move from the backlog into the sprint during planning, and the Testing column makes sure work is checked before it counts as finished.",
      },
      {
        id: "scrum-story-points",
        question: "Can we estimate with story points?",
        answer:
          "Yes. Add story points to any backlog item during refinement or planning. Hourline totals the points committed to each sprint and the points completed, so after a few sprints you know your team's typical velocity.",
      },
      {
        id: "scrum-unfinished-items",
        question: "What happens to unfinished items when a sprint ends?",
        answer:
          "When you close a sprint, anything not in Done returns to the backlog, or moves straight into the next sprint if you choose. The product owner can then re-order the backlog before the next planning session.",
      },
      {
        id: "scrum-burndown",
        question: "Is there a burndown chart?",
        answer:
          "Each sprint has a burndown chart that plots remaining story points against the days left. A line that flattens midway is an early signal to discuss scope in the daily scrum rather than at the review.",
      },
      {
        id: "scrum-with-kanban",
        question: "Can one team use Scrum and Kanban at the same time?",
        answer:
          "Yes. A product team can run sprints for feature work while a support rota uses a Kanban board for incoming issues, both inside the same project. Time tracked on either board appears in the same summaries.",
      },
    ],
  },
  {
    topic: "file-manager",
    title: "File manager questions",
    items: [
      {
        id: "file-manager-folders",
        question: "How are files organized in the file manager?",
        answer:
          "Files live in folders that you create and name, typically one per project, client or department. You can nest folders, move files between them and search by name, so specifications and contracts are easy to find months later.",
      },
      {
        id: "file-manager-sharing",
        question: "Can I share a file or folder with specific colleagues?",
        answer:
          "Yes. Share any file or folder with individual people or whole teams, and choose whether they can only view it or also make changes. Access follows the roles you have set up, so sensitive documents stay with the people who need them.",
      },
      {
        id: "file-manager-trash",
        question: "What happens when I delete a file by mistake?",
        answer:
          "Deleted files go to the trash rather than disappearing immediately. The trash keeps them for about 30 days, during which you can restore them to their original folder with one click.",
      },
      {
        id: "file-manager-encryption",
        question: "Are stored files encrypted?",
        answer:
          "Files are kept in encrypted cloud storage, and access is checked against each user's role every time a file is opened. Combined with sharing controls, this keeps contracts, invoices and employee documents private.",
      },
      {
        id: "file-manager-task-attachments",
        question: "Can files be attached to tasks and assets?",
        answer:
          "Attach files to Kanban and Scrum cards, and upload invoices and warranty documents to asset records. The file is stored once in the file manager and linked wherever it is used, so there is only ever one current version.",
      },
      {
        id: "file-manager-storage-billing",
        question: "How is file storage charged?",
        answer:
          "Storage for files and images is part of Use & Pay and is measured by the space you use each month. There is no separate storage plan to buy; the current rate is on the pricing page.",
      },
    ],
  },
  {
    topic: "time-tracker",
    title: "Time tracker questions",
    items: [
      {
        id: "time-tracker-start",
        question: "How do I start tracking time?",
        answer:
          "Open a task from your board or task list and press start. The timer runs against that task until you stop it or switch to another one, and the entry appears in your day's timeline with its project attached.",
      },
      {
        id: "time-tracker-idle-detection",
        question: "What does idle detection do?",
        answer:
          "If there is no keyboard or mouse activity for the period your admin has set, the tracker notices and asks what to do with that time when you return. You can keep it, for example if you were on a call, or discard it if you stepped away.",
      },
      {
        id: "time-tracker-forgot-timer",
        question: "I forgot to start the timer. Can I add the time later?",
        answer:
          "Yes, by submitting a manual time request with the task, start and end times and a reason. An admin approves or rejects it, and once approved it counts towards your timesheet like any other entry.",
      },
      {
        id: "time-tracker-switch-tasks",
        question: "Can I switch between several tasks during the day?",
        answer:
          "Starting the timer on a new task stops the previous one automatically, so your day becomes a sequence of entries with no gaps or overlaps to tidy up. Add a short note when the task title alone does not explain the work.",
      },
      {
        id: "time-tracker-billable",
        question: "Can time be marked as billable or non-billable?",
        answer:
          "Each project can be billable or internal, and individual entries can be adjusted where needed. Summaries then separate billable hours from internal work, which feeds directly into client invoices.",
      },
      {
        id: "time-tracker-visibility",
        question: "Who can see the time I track?",
        answer:
          "You always see your own entries, and your manager sees the entries of the people they approve. Anyone else needs a role that grants access to time reports. Admins decide these permissions when they set up roles.",
      },
    ],
  },
  {
    topic: "screenshots",
    title: "Screenshot questions",
    items: [
      {
        id: "screenshots-frequency",
        question: "How often does Hourline take screenshots?",
        answer:
          "With screenshots switched on for your role, Hourline takes one every 10 minutes during tracked time. Stop the timer and capturing stops too, which keeps breaks and personal time private.",
      },
      {
        id: "screenshots-enable",
        question: "Can we switch screenshots on for some people and off for others?",
        answer:
          "Yes. Admins enable screenshots per role or team, so you might use them for client-billed project work and leave them off for everyone else. Employees can see at any time whether screenshots are active for them.",
      },
      {
        id: "screenshots-blur",
        question: "Can screenshots be blurred?",
        answer:
          "Blurring can be turned on for roles that handle personal, medical or financial information. A blurred screenshot shows that work was happening without exposing readable detail from the screen.",
      },
      {
        id: "screenshots-delete",
        question: "Can an employee delete a screenshot?",
        answer:
          "Yes, if something private was on screen. Deleting a screenshot also removes the tracked time for that interval, so deletion can never inflate a timesheet. Admins can see that an interval was removed, but not what it showed.",
      },
      {
        id: "screenshots-who-sees",
        question: "Who can view screenshots?",
        answer:
          "The employee can always view their own screenshots. Beyond that, only people whose role grants screenshot access, usually the direct manager and perhaps an account lead for client work, can open them.",
      },
    ],
  },
  {
    topic: "time-summary",
    title: "Time summary questions",
    items: [
      {
        id: "time-summary-contents",
        question: "What does the time summary show?",
        answer:
          "It totals tracked hours by person, project and task for the period you choose, and separates billable from internal time. Approved, pending and rejected entries are marked, so you know which figures are final.",
      },
      {
        id: "time-summary-periods",
        question: "Can I switch between daily, weekly and monthly views?",
        answer:
          "Yes. The daily view is handy for checking your own timeline, the weekly view is what most managers approve from, and the monthly view is the one finance uses for invoices and payroll.",
      },
      {
        id: "time-summary-plan-vs-actual",
        question: "Can I compare planned hours with actual hours?",
        answer:
          "Work check-ins record the hours someone intended to spend on a task, and the summary places them next to the hours actually tracked. Consistent gaps between the two point to tasks that need breaking down or estimates that need revisiting.",
      },
      {
        id: "time-summary-export",
        question: "Can I export timesheets?",
        answer:
          "Any summary can be exported as a timesheet file for payroll, accounting or a client who wants the detail behind an invoice. The export reflects the same filters you applied on screen.",
      },
      {
        id: "time-summary-project-health",
        question: "How can the summary help me manage a project?",
        answer:
          "Looking at hours by task shows where a project's effort really goes. If one task has absorbed far more time than planned, you can raise it with the client or adjust scope before the budget is gone.",
      },
    ],
  },
  {
    topic: "editing-time",
    title: "Editing time questions",
    items: [
      {
        id: "editing-time-how",
        question: "How do I correct a time entry that is wrong?",
        answer:
          "Open the entry, change the task or the times, and add a reason. This creates an edit-time request rather than changing the record immediately, and it goes to an admin for review.",
      },
      {
        id: "editing-time-approver",
        question: "Who approves edit-time and manual time requests?",
        answer:
          "An admin, or anyone whose role includes time approval, approves or rejects each request. Most teams route requests to the employee's manager, with an admin as a fallback when the manager is away.",
      },
      {
        id: "editing-time-history",
        question: "Is the original entry kept after an edit?",
        answer:
          "Yes. The original times, the requested change, the reason and the decision are all stored together. Anyone reviewing a timesheet later can see exactly what changed and who approved it.",
      },
      {
        id: "editing-time-rejected",
        question: "What happens when an edit-time request is rejected?",
        answer:
          "The entry keeps its original values and the employee sees the approver's comment. They can submit a new request with better details, for example a clearer reason or corrected times.",
      },
      {
        id: "editing-time-reason",
        question: "Why do I need to give a reason for every change?",
        answer:
          'A one-line reason such as "worked offline on the train" or "timer left on over lunch" lets the approver decide in seconds. It also means the timesheet explains itself if a client or auditor asks about it later.',
      },
    ],
  },
  {
    topic: "time-approval",
    title: "Time approval questions",
    items: [
      {
        id: "time-approval-what",
        question: "What does approving time mean in Hourline?",
        answer:
          "A manager reviews the hours an employee has tracked for a period and confirms they are correct. Approved time becomes final and is used for reports, invoices and payroll; anything still pending is clearly marked as not yet confirmed.",
      },
      {
        id: "time-approval-cadence",
        question: "How often should timesheets be approved?",
        answer:
          "Weekly approval works for most teams: details are still fresh, and nothing piles up before month-end invoicing. Teams with daily client billing sometimes approve every day instead.",
      },
      {
        id: "time-approval-reject",
        question: "What happens when a manager rejects hours?",
        answer:
          "Each rejected entry returns to its owner along with the reason the manager gave. From there the employee either fixes it through an edit-time request or replies to explain, and it comes back for a second review.",
      },
      {
        id: "time-approval-after",
        question: "Can approved time still be changed?",
        answer:
          "Approved entries are locked so invoices and payroll are not altered behind anyone's back. If a genuine mistake turns up, an admin can reopen the entry, and the change is recorded in its history.",
      },
      {
        id: "time-approval-backup",
        question: "Who approves time when a manager is on leave?",
        answer:
          "Assign a backup approver for each team, or let an admin approve on the manager's behalf. Hourline shows the approver's leave on the team calendar, so it is easy to spot when a backup will be needed.",
      },
      {
        id: "time-approval-check-ins",
        question: "Are work check-ins approved in the same place as time?",
        answer:
          "Yes. Completed check-ins and tracked hours both appear in the admin portal, so a manager can review what someone planned, what they reported as done and the hours recorded in one sitting.",
      },
    ],
  },
  assetsFaq,
];

/** The feature page whose FAQ set this is, for the "more about" link under each set. */
export const featurePathByTopic: Record<string, string> = {
  attendance: "/employee-attendance-management",
  holidays: "/employee-holidays-management",
  leave: "/employee-leave-management",
  startups: "/project-management-for-startups",
  kanban: "/project-management-for-kanbanboard",
  scrum: "/project-management-for-scrumboard",
  "file-manager": "/file-manager",
  "time-tracker": "/time-tracker",
  screenshots: "/time-tracker-with-screenshots",
  "time-summary": "/time-tracker-with-summary",
  "editing-time": "/time-tracker-with-edit-time",
  "time-approval": "/time-tracker-with-time-approval",
  assets: "/assets-and-inventory",
};

// The ten general questions of /help live in their own module so that page does not load every set.
export { helpFaq } from "./help-faq";
