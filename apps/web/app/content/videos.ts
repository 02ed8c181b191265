/**
 * The product videos: the overview on the home page and the eight introductions on /demo. The
 * YouTube ids come from the brand config; everything a visitor reads before pressing play is here.
 */
import { brand } from "../brand";

export type VideoKey = keyof typeof brand.videos;

export interface Video {
  key: VideoKey;
  youtubeId: string;
  title: string;
  description: string;
  /** Running time as shown on the poster, m:ss. */
  duration: string;
  /** What the poster highlights, in a few words. */
  topic: string;
}

function video(key: VideoKey, fields: Omit<Video, "key" | "youtubeId">): Video {
  return { key, youtubeId: brand.videos[key], ...fields };
}

export const overviewVideo: Video = video("overview", {
  title: "Hourline in two minutes",
  description:
    "One working week in a ten-person studio: a sprint planned on the board, hours tracked against its cards, a leave request approved with the balance in view, and the month closed with one invoice.",
  duration: "2:04",
  topic: "Product tour",
});

export const demoVideos: Video[] = [
  video("boards", {
    title: "Set up your first Kanban board",
    description:
      "Create a project, rename the To Do, In Progress and Done columns to match how your team works, set a work-in-progress limit and move your existing task list onto cards in a few minutes.",
    duration: "3:12",
    topic: "Kanban boards",
  }),
  video("sprints", {
    title: "Plan a sprint with story points",
    description:
      "Groom the backlog, estimate with story points, pull work into a two-week sprint and follow it from To Do to Testing to Done, then carry the unfinished items into the next sprint.",
    duration: "4:05",
    topic: "Scrum boards",
  }),
  video("timeTracker", {
    title: "Track time without thinking about it",
    description:
      "Start the timer from any card, switch tasks without losing a minute, and see how idle detection asks what to do with time away from the keyboard before it reaches the timesheet.",
    duration: "3:38",
    topic: "Time tracker",
  }),
  video("approvals", {
    title: "Approve a week of timesheets",
    description:
      "Review tracked hours, completed check-ins and edit-time requests in one queue, reject an entry with a note, and lock the approved week so invoices and payroll read final numbers.",
    duration: "2:51",
    topic: "Time approval",
  }),
  video("attendance", {
    title: "Check in, check out and read the monthly report",
    description:
      "An employee starts and ends the day from a phone, a manager corrects a forgotten check-out with a reason, and payroll reads the month's working days, leave and holidays on one screen.",
    duration: "2:27",
    topic: "Attendance",
  }),
  video("leave", {
    title: "Leave policies, requests and balances",
    description:
      "Define earned, sick and casual leave with monthly accrual and a carry-over cap, then follow a request from the employee's form to the approver's decision and the updated balance.",
    duration: "3:46",
    topic: "Leave",
  }),
  video("files", {
    title: "Keep files beside the work",
    description:
      "Create folders per client, attach a contract to the task it belongs to, share a folder with one team only, and restore a file someone deleted by mistake from the trash.",
    duration: "2:19",
    topic: "File manager",
  }),
  video("assets", {
    title: "Assign equipment and watch your stock",
    description:
      "Record a laptop with its invoice and warranty, assign it to a new hire, set a low-stock alert on keyboards, and see the renewal reminder that arrives before a warranty runs out.",
    duration: "3:02",
    topic: "Assets & inventory",
  }),
];
