/**
 * Customer testimonials for the home page slider. The people and companies are fictional examples
 * written for this site; each quote describes one concrete change rather than a marketing figure.
 */
import type { Testimonial } from "./schema";

export const testimonials: Testimonial[] = [
  {
    text: "We used to lose Monday mornings to a status meeting. Now everyone writes a check-in with the task and the hours they expect to spend, and I read them over coffee. When someone's note says they're waiting on design, I can fix it before lunch instead of discovering it on Friday.",
    name: "Kavya Iyer",
    role: "Engineering Manager",
    company: "Brightloom Labs, Bengaluru",
  },
  {
    text: "Our clients question invoices far less since the hours come straight from approved timesheets. Forgotten timers go through an edit-time request, so when a client asks why a task took two days, I can show them the entries, the notes and who approved each change.",
    name: "Marcus Lindqvist",
    role: "Founder",
    company: "Northpine Studio, Gothenburg",
  },
  {
    text: "With offices in Pune and Chennai, our holiday list was always wrong for somebody. Each office now has its own calendar, people choose their optional festivals themselves, and leave balances no longer swallow public holidays by mistake. HR stopped getting the same question every week.",
    name: "Rahul Menon",
    role: "HR and Operations Lead",
    company: "Tidewater Logistics Software",
  },
  {
    text: "When a developer left last spring, the offboarding checklist already listed the laptop, the monitor and the test phone assigned to him, with the invoices attached. Everything came back on his last day, and we claimed a keyboard replacement under warranty because the expiry reminder reached us in time.",
    name: "Sneha Bhattacharya",
    role: "Office Manager",
    company: "Quillfield Digital, Kolkata",
  },
  {
    text: "I was wary of screenshots, so we enabled them only for client-billed work and turned on blurring for the finance team. The team accepted it because they can see and delete their own captures. Moving our support rota onto a Kanban board with a WIP limit has also cleared the backlog of half-finished tickets.",
    name: "Amara Okonkwo",
    role: "Head of Delivery",
    company: "Lumenbridge Consulting, Lagos",
  },
];
