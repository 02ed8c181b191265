/**
 * The home hero's slider: the three screens a new customer meets first, one per part of the
 * headline (plan the work, track the hours, look after the team).
 */
import { SlideCarousel } from "~/components/carousel/slide-carousel";
import { ApprovalMockup } from "~/components/mockups/approval-mockup";
import { KanbanMockup } from "~/components/mockups/kanban-mockup";
import { LeaveMockup } from "~/components/mockups/leave-mockup";

const slides = [
  {
    key: "plan",
    name: "Plan",
    caption: "Sprints and boards, with the time tracked on every card.",
    mockup: <KanbanMockup />,
  },
  {
    key: "track",
    name: "Track",
    caption: "A week of hours and check-ins approved in one queue.",
    mockup: <ApprovalMockup />,
  },
  {
    key: "people",
    name: "Team",
    caption: "Leave balances and requests, with the team's week in view.",
    mockup: <LeaveMockup />,
  },
];

export function HeroSlider() {
  return (
    <SlideCarousel
      label="Hourline at work"
      picker="names"
      controls="above"
      loop
      slides={slides.map((s) => ({
        key: s.key,
        name: s.name,
        content: (
          <figure className="flex h-full flex-col px-1 pb-1">
            {s.mockup}
            <figcaption className="mt-3 text-center text-sm text-muted">{s.caption}</figcaption>
          </figure>
        ),
      }))}
    />
  );
}
