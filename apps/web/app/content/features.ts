/**
 * Copy for the fifteen feature pages, in mega-menu order. Checked against `featurePageSchema` at
 * build time (validate-content.ts), so a missing field or an over-long headline stops the build.
 */
import type { FeaturePage } from "./schema";

export const featurePages: FeaturePage[] = [
  {
    path: "/project-management-for-startups",
    eyebrow: "Startups",
    headline: "Project management that keeps pace with a young company",
    lead: "Plan the roadmap, track the hours and run the people side of a startup from one workspace. Start with a single board this afternoon and add attendance, leave and invoicing when the team is ready for them.",
    bullets: [
      "Kanban and Scrum boards, time tracking and HR in one login",
      "Use & Pay: nothing to pay up front and no annual contract",
      "Roles and approvals that grow with each new hire",
    ],
    sections: [
      {
        id: "one-workspace",
        title: "One workspace instead of five subscriptions",
        paragraphs: [
          "Early teams tend to collect tools: a board here, a timer there, a spreadsheet for leave and a shared drive for contracts. Each one holds part of the truth, and the founder spends evenings copying between them. Hourline puts projects, time, attendance, leave, files and assets on the same list of people and projects, so the data is entered once.",
          "When a developer tracks time against a card, that hour shows up in the project summary, the client invoice and the developer's timesheet without anyone re-typing it.",
        ],
      },
      {
        id: "start-small",
        title: "Start small and switch modules on as you grow",
        paragraphs: [
          "On day one most startups need only a board and a timer. Invite the team, move your existing to-do list onto cards and start tracking. Leave policies, holiday calendars and asset records can wait until the first hire who asks about them.",
          "Because every module is already included, turning one on is a setting rather than a purchase, and nothing needs migrating.",
        ],
        points: [
          "Create a project and invite colleagues by e-mail",
          "Import your task list onto a Kanban board",
          "Start the timer from any card",
          "Add leave and holidays when the first request arrives",
        ],
      },
      {
        id: "bill-clients",
        title: "Bill clients from the hours you actually worked",
        paragraphs: [
          "Agencies and service startups live or die by accurate billing. Hourline's automated invoicing can charge a client monthly, hourly or per project, using approved time from the tracker, so the invoice matches what the team recorded.",
          "Project summaries show where the hours went, which makes it much easier to spot a fixed-price project that is quietly running over before it becomes a loss.",
        ],
      },
      {
        id: "pay-as-you-use",
        title: "Pricing that suits an uneven runway",
        paragraphs: [
          "With Use & Pay there is no setup fee and no long-term commitment. Usage is recorded through the month and invoiced at the start of the next one, with payment due in the first week. If the team shrinks or grows, the invoice follows what you actually used.",
        ],
      },
    ],
    faqTopic: "startups",
    signUpCta: true,
    mockup: "startup",
  },
  {
    path: "/project-management-for-kanbanboard",
    eyebrow: "Kanban board",
    headline: "A Kanban board that shows where work is waiting",
    lead: "Move cards from To Do through In Progress to Done and see at a glance what is flowing and what is stuck. Work-in-progress limits, swimlanes and time on every card turn the board into a tool for finishing work, not just listing it.",
    bullets: [
      "Columns you can shape to your real process",
      "WIP limits that stop work piling up in one stage",
      "Time tracked on each card, visible on the board",
    ],
    sections: [
      {
        id: "columns",
        title: "Columns that match how your team works",
        paragraphs: [
          "Every board starts with To Do, In Progress and Done. Run with those for a couple of weeks, then add the stages where cards actually pause, such as Review, Testing or Waiting for client. Columns can be renamed and reordered at any time.",
          "A good column marks a real change in the state of the work, ideally a hand-off between people. If nobody can explain what moving a card into a column means, that column probably is not needed.",
        ],
      },
      {
        id: "wip-limits",
        title: "Work-in-progress limits",
        paragraphs: [
          "Set a limit on any column and the board flags it when the column is full. Instead of starting something new, the team looks along the board for a card to review, test or unblock. Finishing before starting feels slower for a week and then shortens the time every card takes.",
          "Start by allowing one more card than there are people working in the column, then adjust a step at a time and watch what happens to flow.",
        ],
      },
      {
        id: "swimlanes",
        title: "Swimlanes for different kinds of work",
        paragraphs: [
          "Swimlanes divide the board horizontally. Use an expedite lane for urgent production issues so they are visible without jumping the queue silently, or give each client a lane on an agency board. Two or three lanes keep the board readable.",
        ],
      },
      {
        id: "cards",
        title: "Cards that carry the whole story",
        paragraphs: [
          "Open a card to find its owner, due date, description, discussion and linked files. Because the timer is started from the card itself, effort and progress sit side by side, and the activity log records every move between columns.",
          "Cards that have sat in one column far longer than usual stand out, which makes the daily walk of the board a quick conversation about what to unblock.",
        ],
      },
    ],
    faqTopic: "kanban",
    signUpCta: true,
    mockup: "kanban",
  },
  {
    path: "/project-management-for-scrumboard",
    eyebrow: "Scrum board",
    headline: "Plan sprints, size stories and see the burndown in one place",
    lead: "Keep an ordered backlog, pull the top items into a sprint of 1 to 4 weeks, and follow progress across Backlog, To Do, In Progress, Testing and Done. Story points and a burndown chart show whether the sprint goal is still in reach.",
    bullets: [
      "Sprints from 1 to 4 weeks with a clear goal",
      "Story points, velocity and a burndown per sprint",
      "A Testing column so work is checked before it counts",
    ],
    sections: [
      {
        id: "backlog",
        title: "A backlog the product owner can keep in order",
        paragraphs: [
          "The backlog is a single ordered list of everything the team might build. Drag items to reprioritize, add acceptance criteria during refinement, and keep the top of the list ready for planning. Items lower down can stay rough until they rise.",
        ],
      },
      {
        id: "sprint-planning",
        title: "Sprint planning with story points",
        paragraphs: [
          "Choose a sprint length from 1 to 4 weeks and keep it steady. During planning, the team sizes backlog items in story points and moves them into the sprint until the total matches what it usually completes. Hourline shows the points committed as you add items.",
          "After a few sprints, the completed points form a velocity the team can plan with, which is more dependable than guessing hours for work nobody has started.",
        ],
      },
      {
        id: "board-columns",
        title: "A board built for the sprint",
        paragraphs: [
          "The sprint board runs Backlog, To Do, In Progress, Testing and Done. Testing sits before Done on purpose: a story is finished when it has been checked against its acceptance criteria, not when the code is written.",
          "When a sprint closes, anything not in Done goes back to the backlog or carries into the next sprint, so the board starts each sprint clean.",
        ],
      },
      {
        id: "burndown",
        title: "Burndown and review",
        paragraphs: [
          "The burndown chart plots remaining points against the days left in the sprint. A line that flattens midway is a prompt to discuss scope at the daily scrum, while there is still time to act.",
          "At the sprint review, the completed stories, the hours tracked against them and the velocity trend are all on screen, which keeps the retrospective grounded in what happened.",
        ],
      },
    ],
    faqTopic: "scrum",
    signUpCta: true,
    mockup: "scrum",
  },
  {
    path: "/file-manager",
    eyebrow: "File manager",
    headline: "Project files in folders your whole team can find",
    lead: "Keep specifications, contracts, designs and invoices in folders next to the projects they belong to. Share with the right people, recover mistakes from the trash, and rely on encrypted cloud storage behind it all.",
    bullets: [
      "Folders per project, client or department",
      "Sharing with view or edit access, by person or team",
      "A trash that keeps deleted files for about 30 days",
      "Encrypted cloud storage with role-based access",
    ],
    sections: [
      {
        id: "folders",
        title: "Folders that follow your projects",
        paragraphs: [
          "Create folders for each project, client or department and nest them as deep as you need. Files attached to a card or an asset record are stored here too, so there is one current copy of every document instead of versions scattered across e-mail threads.",
          "Search by file name to find last year's contract or the latest design export in seconds.",
        ],
      },
      {
        id: "sharing",
        title: "Share with the people who need it",
        paragraphs: [
          "Share a file or a whole folder with individual colleagues or with a team, and decide whether they can view it or change it. Permissions follow the roles you have defined, so salary letters stay with HR and client contracts stay with the account team.",
        ],
      },
      {
        id: "trash",
        title: "A safety net for deleted files",
        paragraphs: [
          "Deleting a file moves it to the trash rather than erasing it. The trash keeps files for about 30 days, and restoring one puts it back in its original folder with its sharing settings intact.",
        ],
      },
      {
        id: "security",
        title: "Encrypted storage you do not have to manage",
        paragraphs: [
          "Files are held in encrypted cloud storage, and every download is checked against the user's current role. When someone leaves the company and their account is closed, their access to shared folders ends at the same moment.",
          "Under Use & Pay you are billed for the storage you actually occupy each month, so nobody has to guess at a storage tier up front.",
        ],
      },
    ],
    faqTopic: "file-manager",
    signUpCta: true,
    mockup: "files",
  },
  {
    path: "/time-tracker",
    eyebrow: "Time tracker",
    headline: "A time tracker that records the work, not the guesswork",
    lead: "Start the timer from a task and Hourline records the hours against the right project as you work. Idle detection, screenshots, edit-time requests and approvals keep every timesheet accurate without turning it into paperwork.",
    bullets: [
      "One-click timer started from any task",
      "Idle detection that asks before keeping idle time",
      "Manual and edited entries approved by an admin",
    ],
    sections: [
      {
        id: "timer",
        title: "Track time from the task you are working on",
        paragraphs: [
          "Open a card, press start, and the timer runs against that task and its project. Switching to another task stops the first timer automatically, so the day builds into a clean timeline without overlaps to tidy up at the end of the week.",
          "A short note on the entry explains anything the task title does not, which helps whoever approves the timesheet and whoever reads the client invoice.",
        ],
      },
      {
        id: "idle-detection",
        title: "Idle detection that respects thinking time",
        paragraphs: [
          "When the keyboard and mouse have been still for the period your admin chooses, the tracker asks on your return whether to keep or discard that time. Keep it for a phone call or a whiteboard session; drop it when you stepped away.",
        ],
      },
      {
        id: "evidence",
        title: "Screenshots and summaries when you need them",
        paragraphs: [
          "For client-billed work, screenshots can be taken every 10 minutes while the timer runs, with blurring and deletion rules you control. Daily, weekly and monthly summaries total the hours by person, project and task.",
        ],
      },
      {
        id: "corrections-and-approval",
        title: "Corrections and approval built in",
        paragraphs: [
          "Forgotten timers are fixed with a manual or edit-time request that an admin approves or rejects, and the original entry is kept. Managers then approve each week's hours, and approved time feeds reports, payroll and invoices.",
        ],
      },
    ],
    faqTopic: "time-tracker",
    signUpCta: true,
    mockup: "timer",
  },
  {
    path: "/time-tracker-with-summary",
    eyebrow: "Time summary",
    headline: "Time summaries that show where the week really went",
    lead: "See tracked hours by person, project and task for any day, week or month, with billable and internal time kept apart. Compare the hours people planned in their check-ins with the hours they actually recorded.",
    bullets: [
      "Daily, weekly and monthly views of the same data",
      "Billable and internal hours separated automatically",
      "Planned hours from check-ins next to actual time",
    ],
    sections: [
      {
        id: "views",
        title: "One set of hours, three useful views",
        paragraphs: [
          "The daily view is a timeline of one person's entries, handy for checking your own day before you log off. The weekly view is what managers approve from. The monthly view rolls everything up for payroll, invoicing and project reviews.",
          "Each view marks entries as approved, pending or rejected, so you always know which totals are final.",
        ],
      },
      {
        id: "by-project",
        title: "Hours by project and task",
        paragraphs: [
          "Group the summary by project to see which clients or products take the most effort, then open a project to see the tasks underneath. A task that has absorbed far more time than planned is easy to spot and raise before the budget runs out.",
        ],
        points: [
          "Filter by person, team, project, client or date range",
          "Split billable from internal time",
          "Open any total to see the entries behind it",
        ],
      },
      {
        id: "plan-vs-actual",
        title: "Planned versus actual",
        paragraphs: [
          "Every work check-in carries the hours its author expected to need. The summary lines those estimates up against tracked time, so a habit of under-estimating shows up as a pattern rather than a hunch. Use it to sharpen estimates and to split tasks that are too large.",
        ],
      },
      {
        id: "export",
        title: "Timesheets ready to export",
        paragraphs: [
          "Download what you see as a timesheet file, whether that is one person's week for payroll or a project's quarter for a client checking an invoice line by line. The filters on screen carry through to the file.",
        ],
      },
    ],
    faqTopic: "time-summary",
    signUpCta: true,
    mockup: "summary",
  },
  {
    path: "/time-tracker-with-screenshots",
    eyebrow: "Screenshots",
    headline: "Screenshots every 10 minutes, with rules your team can trust",
    lead: "When the timer runs on work that needs evidence, Hourline captures a screenshot every 10 minutes. Blurring, deletion and narrow access rules keep it proportionate, and nothing is captured when the timer is off.",
    bullets: [
      "Captured only while the timer is running",
      "Blurring for roles that handle sensitive data",
      "Employees can see and delete their own captures",
    ],
    sections: [
      {
        id: "how-it-works",
        title: "How screenshot capture works",
        paragraphs: [
          "Admins enable screenshots for the roles or teams that need them, often only people working on client-billed projects. While one of those people has the timer running, a screenshot is taken every 10 minutes and attached to the time entry it belongs to.",
          "Stopping the timer stops the captures, so lunch, breaks and personal browsing are never recorded.",
        ],
      },
      {
        id: "blur-and-delete",
        title: "Blur and delete rules",
        paragraphs: [
          "Finance, HR and support staff often have personal data on screen, so blurring can be switched on for their roles. The capture still confirms activity, but names, numbers and messages cannot be read.",
          "If a private message pops up at the wrong moment, the employee can delete that screenshot. The tracked time for that interval is removed with it, so deleting a capture can never inflate a timesheet.",
        ],
      },
      {
        id: "who-can-see",
        title: "Who can see screenshots",
        paragraphs: [
          "Every employee can view their own captures. Beyond that, access is limited to roles you choose, usually the direct manager and, for client work, the account lead. Keeping the circle small is what makes screenshots acceptable to the people being captured.",
        ],
      },
      {
        id: "using-them-well",
        title: "Using screenshots well",
        paragraphs: [
          "Screenshots are most useful as supporting evidence for a client who asks what their hours paid for, or for a manager checking an unusual entry. Reviewing them hourly sends the wrong message; reviewing them when a question comes up builds confidence on both sides.",
        ],
      },
    ],
    faqTopic: "screenshots",
    signUpCta: true,
    mockup: "screenshots",
  },
  {
    path: "/time-tracker-with-edit-time",
    eyebrow: "Edit time",
    headline: "Fix a wrong time entry without rewriting history",
    lead: "Forgotten timers and offline work happen. In Hourline a correction is an edit-time request with a reason, approved or rejected by an admin, and the original entry stays on record.",
    bullets: [
      "Manual and edited entries go through approval",
      "A reason travels with every change",
      "Original values kept alongside the decision",
    ],
    sections: [
      {
        id: "request-flow",
        title: "How an edit-time request works",
        paragraphs: [
          "The employee opens the entry, changes the task or the times, and writes a short reason. Time worked away from the tracker is added the same way, as a manual entry with a reason. Neither changes the timesheet until it has been reviewed.",
        ],
        points: [
          "Employee submits the change with a reason",
          "An admin approves or rejects it with a comment",
          "Approved changes update summaries and reports",
          "Rejected requests return to the employee to revise",
        ],
      },
      {
        id: "admin-review",
        title: "Quick decisions for admins",
        paragraphs: [
          "Requests arrive in the admin portal with the original entry, the proposed change and the reason side by side. A clear reason such as timer left running through lunch usually takes seconds to approve, and a rejection carries a comment so the employee knows what to fix.",
          "Requests normally go to the person's own manager; if that manager is away, an admin can pick them up so nothing waits for days.",
        ],
      },
      {
        id: "audit-trail",
        title: "A history anyone can follow",
        paragraphs: [
          "Every approved change keeps the original values, the new values, the reason and the approver's name. When a client or an auditor asks why Tuesday's hours changed, the answer is already attached to the entry.",
        ],
      },
    ],
    faqTopic: "editing-time",
    signUpCta: true,
    mockup: "edit-time",
  },
  {
    path: "/time-tracker-with-time-approval",
    eyebrow: "Time approval",
    headline: "Approve hours once, then use them everywhere",
    lead: "Managers review each person's tracked time and completed check-ins in the admin portal and approve or reject them with a comment. Approved hours are locked and flow into reports, payroll and client invoices.",
    bullets: [
      "Weekly approval from a single review screen",
      "Rejections carry a comment back to the employee",
      "Approved time feeds invoices and payroll directly",
    ],
    sections: [
      {
        id: "review",
        title: "Review a week in minutes",
        paragraphs: [
          "The approval screen lists each person's hours for the period with their projects, notes, idle decisions and any edit-time requests. Unusual entries, such as a long block without notes or a late-night session, are easy to pick out and ask about before approving.",
        ],
      },
      {
        id: "check-ins",
        title: "Check-ins in the same place",
        paragraphs: [
          "Completed work check-ins, with the task, the hours intended and the notes, appear alongside the tracked time. A manager can see what someone planned, what they marked as done and how long it took, then approve both in one sitting.",
        ],
      },
      {
        id: "reject-and-revise",
        title: "Reject with a reason, revise with a request",
        paragraphs: [
          "Rejected entries return to the employee with the manager's comment. The employee corrects them through an edit-time request or replies with an explanation, and the manager reviews them again. Nothing is changed silently on either side.",
        ],
      },
      {
        id: "after-approval",
        title: "What approval unlocks",
        paragraphs: [
          "Once approved, hours are locked so invoices and payroll cannot shift underneath you. Automated invoicing can then bill clients monthly, hourly or per project from approved time only, and reports reflect figures everyone has already agreed.",
          "Should an error come to light after approval, an admin may unlock that single entry; the unlock, the fix and who made it all stay in the entry's history.",
        ],
      },
    ],
    faqTopic: "time-approval",
    signUpCta: true,
    mockup: "approval",
  },
  {
    path: "/office-management",
    eyebrow: "Office management",
    headline: "Run the office side of the company from one dashboard",
    lead: "Announcements, team chat, roles and permissions, invoicing and company assets sit alongside your projects and people. Office managers get one place to keep the company informed and organized.",
    bullets: [
      "Company announcements everyone actually sees",
      "Custom roles with role-based permissions",
      "Automated invoicing and reports in the same workspace",
    ],
    sections: [
      {
        id: "announcements",
        title: "Announcements and team chat",
        paragraphs: [
          "Post announcements for the whole company or a single office: a new leave policy, a building closure, the date of the annual offsite. They appear on everyone's dashboard rather than getting buried in a busy group chat.",
          "Team chat and task comments keep day-to-day conversations next to the work, so decisions can be found later without searching personal messages.",
        ],
      },
      {
        id: "roles",
        title: "Roles and permissions",
        paragraphs: [
          "Create custom roles such as team lead, HR, finance or contractor, and decide what each can see and approve. Invited users take on the permissions of their role, and changing a role updates everyone who holds it at once.",
        ],
      },
      {
        id: "invoicing-and-reports",
        title: "Invoicing and reports",
        paragraphs: [
          "Generate client invoices monthly, hourly or per project from approved time, and pull reports on attendance, leave, hours and projects without exporting five separate spreadsheets. The numbers agree because they come from the same data.",
        ],
      },
      {
        id: "assets-and-supplies",
        title: "Equipment and supplies",
        paragraphs: [
          "Keep track of laptops, furniture and office supplies in the assets and inventory module. Assign equipment to employees, get reminders before warranties and contracts expire, and receive low-stock alerts before the pantry or printer runs dry.",
        ],
      },
    ],
    faqTopic: "general",
    signUpCta: true,
    mockup: "office",
  },
  {
    path: "/employee-attendance-management",
    eyebrow: "Attendance",
    headline: "Attendance and daily check-ins for office, remote and hybrid teams",
    lead: "Employees check in and out in seconds and log what they are working on with a short work check-in. Managers approve completed check-ins in the admin portal and see a month of attendance on one screen.",
    bullets: [
      "Check-in and check-out from any browser",
      "Work check-ins with task, intended hours and notes",
      "Corrections handled as requests an admin approves",
    ],
    sections: [
      {
        id: "check-in-out",
        title: "Check in, check out, done",
        paragraphs: [
          "Each person checks in when their day begins and checks out when it ends, from the office, at home or at a client site. Split days are simply two sessions. The record shows where people worked as well as when, which helps when your policy sets a number of office days per week.",
        ],
      },
      {
        id: "work-check-ins",
        title: "Work check-ins",
        paragraphs: [
          "A work check-in captures the task someone is picking up, the hours they intend to spend and notes on the work. When the task is finished they mark the check-in as done, and it appears in the admin portal for approval.",
          "Read together, a team's check-ins replace most of the daily status meeting: blockers appear in the notes, and estimates can be compared with tracked time.",
        ],
      },
      {
        id: "corrections",
        title: "Honest corrections",
        paragraphs: [
          "A missed check-out is fixed with a correction request that states the actual time and why it was missed. It waits for an admin's decision, and the first version of the day stays on file next to the correction, which keeps the history reliable while treating slips as slips.",
        ],
      },
      {
        id: "monthly-view",
        title: "A month at a glance",
        paragraphs: [
          "The monthly view combines working days, hours, approved leave and public holidays for every employee. Payroll works from a single screen, and managers can spot patterns such as repeated late check-outs that suggest someone is overloaded.",
        ],
      },
    ],
    faqTopic: "attendance",
    signUpCta: true,
    mockup: "attendance",
  },
  {
    path: "/employees",
    eyebrow: "Employee directory",
    headline: "An employee directory that stays current by itself",
    lead: "Every person in the company has a profile with their role, team, manager, location and contact details. Because leave, attendance, assets and projects use the same profiles, the directory never drifts out of date.",
    bullets: [
      "Searchable profiles for everyone in the company",
      "Reporting lines, teams and office locations",
      "Onboarding and offboarding tied to assets and access",
    ],
    sections: [
      {
        id: "profiles",
        title: "Profiles with the details people look for",
        paragraphs: [
          "A profile holds name, photo, designation, department, manager, office location, joining date, work contact details and skills. Colleagues find each other by name, team or skill, which helps new hires work out who to ask about what.",
        ],
      },
      {
        id: "structure",
        title: "Teams, managers and locations",
        paragraphs: [
          "Reporting lines decide who approves each person's leave, check-ins and timesheets. Office locations decide which holiday calendar applies. Set them once on the profile and every module follows.",
          "When someone changes team or moves to another office, updating the profile updates their approver and holiday calendar at the same time.",
        ],
      },
      {
        id: "lifecycle",
        title: "From first day to last day",
        paragraphs: [
          "Onboarding assigns a role, a team, a leave policy and the equipment the new hire will use. Offboarding lists every asset assigned to the leaver, closes their access and keeps their records for reporting, so nothing is missed on the final day.",
        ],
      },
    ],
    faqTopic: "general",
    signUpCta: true,
    mockup: "directory",
  },
  {
    path: "/employee-holidays-management",
    eyebrow: "Holidays",
    headline: "Holiday calendars for every office, planned in one place",
    lead: "Publish a holiday calendar for each office or location, built from a shared core of company-wide days. Employees see the days that apply to them, and leave balances skip public holidays automatically.",
    bullets: [
      "Separate calendars per office, with optional festivals",
      "Use & Pay: start without an upfront payment or a setup fee",
    ],
    sections: [
      {
        id: "holiday-planner",
        title: "A holiday planner per location",
        paragraphs: [
          "Start with the days every employee gets, such as Republic Day, Independence Day and Gandhi Jayanti for teams in India, then add regional holidays for each office. Pune, Bengaluru and London each get the calendar they expect, and remote staff follow the location you assign them.",
          "Festivals that move with the lunar calendar can be published as provisional and confirmed later; the update reaches everyone at that location at once.",
        ],
      },
      {
        id: "optional-holidays",
        title: "Optional holidays and holiday work",
        paragraphs: [
          "Offer a list of optional festivals and let each person choose a set number. Their picks appear on the team calendar like any other day off, and the remaining count updates on its own.",
          "People who work on a public holiday can be granted compensatory off, usually used within 30 to 60 days, with the exact window set in your policy so it does not accumulate indefinitely.",
        ],
      },
      {
        id: "planning-around-holidays",
        title: "Plan work around every office's days off",
        paragraphs: [
          "Holidays from every location appear on the same team calendar as approved leave. Project leads see a regional holiday before they schedule a release on it, and support managers can arrange cover when one office is closed.",
          "Because leave and holidays share one calendar, a week of leave that includes a local public holiday costs one day less from the balance, with no manual counting.",
        ],
      },
    ],
    faqTopic: "holidays",
    signUpCta: true,
    mockup: "holidays",
  },
  {
    path: "/employee-leave-management",
    eyebrow: "Leave",
    headline: "Every leave request decided with the balance and the team calendar in view",
    lead: "Define your leave types and accrual rules once, and every employee sees an accurate balance. Requests reach the right approver with the team calendar beside them, and decisions are recorded with a comment.",
    bullets: [
      "Balances per leave type that employees can check themselves",
      "Use & Pay: invoiced monthly, with no long-term commitment",
    ],
    sections: [
      {
        id: "leave-policies",
        title: "Leave policies and accrual",
        paragraphs: [
          "Create the leave types your company uses, such as earned, sick, casual, parental, comp-off and unpaid leave. For each one, set the yearly entitlement, whether it is granted up front or accrues monthly, the carry-forward cap and when carried days expire.",
          "Joiners are prorated from their start date, and different policies can apply to different groups, for example interns or staff in another country.",
        ],
      },
      {
        id: "leave-balances",
        title: "Balances everyone can see",
        paragraphs: [
          "Each employee sees, for every leave type, what they have, what they have taken, what is pending approval and what is booked ahead. The next accrual date and any expiring days are shown too, so nobody is surprised in December.",
          "Team leads get identical numbers for the people they approve, so a question like whether there are enough days left for a week in May is answered without an e-mail to HR.",
        ],
      },
      {
        id: "leave-approvals",
        title: "Requests and approvals",
        paragraphs: [
          "Requests can cover whole or half days. Before deciding, the approver checks how many days remain and which colleagues are already booked off, and every approval or rejection is stored with its comment while the balance adjusts in real time.",
          "Public holidays and weekly offs inside the leave period are left out of the deduction automatically, and a backup approver can step in when a manager is away.",
        ],
      },
    ],
    faqTopic: "leave",
    signUpCta: true,
    mockup: "leave",
  },
  {
    path: "/assets-and-inventory",
    eyebrow: "Assets & inventory",
    headline: "All-in-one asset and inventory management",
    lead: "Know who holds every laptop, when each warranty ends and how much stock is left on the shelf. Hourline keeps company assets and inventory in one place, next to the people who use them.",
    bullets: [
      "Asset records with invoices, warranties and reminders",
      "Live stock levels with low-stock alerts",
      "Assets assigned to employees in the same directory",
    ],
    sections: [
      {
        id: "asset-management",
        title: "Asset management",
        paragraphs: [
          "Record every laptop, phone, monitor, vehicle and software license with its tag, serial number, purchase details and current holder. Attach the invoice and warranty documents when the item is bought, so a repair claim later starts with one click instead of an inbox search.",
          "Assigning assets to named employees makes responsibility clear, and reminders before warranties, maintenance dates and renewals arrive give you time to act.",
        ],
        points: [
          "Centralized asset records",
          "Assign assets to employees",
          "Invoice and warranty uploads",
          "Maintenance and renewal reminders",
          "Prevent misuse and losses",
        ],
      },
      {
        id: "inventory-management",
        title: "Inventory management",
        paragraphs: [
          "Track consumables, spare parts and products as stock comes in and goes out. Set a reorder level for each item and get an alert before it runs out, with the supplier's details and last purchase price on the same record.",
          "Purchases and sales are recorded against each item and grouped by category, which turns the year-end stock check into a report rather than a project.",
        ],
        points: [
          "Real-time stock tracking",
          "Low-stock alerts",
          "Purchase and sales records",
          "Product categories",
          "Supplier details",
        ],
      },
      {
        id: "why-combine-them",
        title: "Why combine them",
        paragraphs: [
          "A box of new keyboards is inventory until one is unboxed and handed to a new hire, at which point it becomes an asset. Keeping both in one system makes that a single step, and it lets offboarding list a leaver's equipment automatically from the employee directory.",
        ],
        points: [
          "One platform for assets, stock and people",
          "Fewer manual errors from copying between sheets",
          "Better reports across assets and inventory",
          "Saves time on audits and reconciliations",
          "Cloud access from the office, the warehouse or anywhere",
        ],
      },
    ],
    signUpCta: false,
    faqTopic: "assets",
    closing: {
      title: "Put every laptop and every box of stock on one list",
      text: "Tell us how many items you track today and where the list lives now. We will show you the import, the reminders and the offboarding checklist on your own data, and what it adds to the monthly invoice.",
    },
    mockup: "inventory",
  },
];
