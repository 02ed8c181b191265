/** Picks the product mock-up a feature page shows (the `mockup` field of content/features.ts). */
import type { ReactElement } from "react";
import type { FeaturePage } from "~/content/schema";
import { ApprovalMockup } from "./approval-mockup";
import { AttendanceMockup } from "./attendance-mockup";
import { DirectoryMockup } from "./directory-mockup";
import { EditTimeMockup } from "./edit-time-mockup";
import { FilesMockup } from "./files-mockup";
import { HolidaysMockup } from "./holidays-mockup";
import { InventoryMockup } from "./inventory-mockup";
import { KanbanMockup } from "./kanban-mockup";
import { LeaveMockup } from "./leave-mockup";
import { OfficeMockup } from "./office-mockup";
import { ScreenshotsMockup } from "./screenshots-mockup";
import { ScrumMockup } from "./scrum-mockup";
import { StartupMockup } from "./startup-mockup";
import { SummaryMockup } from "./summary-mockup";
import { TimerMockup } from "./timer-mockup";

type MockupKind = FeaturePage["mockup"];

const mockups: Record<MockupKind, (props: { className?: string }) => ReactElement> = {
  kanban: KanbanMockup,
  scrum: ScrumMockup,
  startup: StartupMockup,
  files: FilesMockup,
  timer: TimerMockup,
  summary: SummaryMockup,
  screenshots: ScreenshotsMockup,
  "edit-time": EditTimeMockup,
  approval: ApprovalMockup,
  office: OfficeMockup,
  attendance: AttendanceMockup,
  directory: DirectoryMockup,
  holidays: HolidaysMockup,
  leave: LeaveMockup,
  inventory: InventoryMockup,
};

export function FeatureMockup({ kind, className }: { kind: MockupKind; className?: string }) {
  const Mockup = mockups[kind];
  return <Mockup className={className} />;
}
