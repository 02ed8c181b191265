import { describe, expect, it } from "vitest";
import * as facts from "./commercial-facts";
import { brand } from "../brand";
import { twoColumnDocumentSchema } from "./document-schema";
import { stripLinks } from "./linked-text";
import { ordinal } from "./long-date";
import { billing } from "./pricing";
import { accountLifecycle, refundPolicy } from "./refund-policy";

const column = (id: string) => {
  const c = refundPolicy.columns.find((col) => col.id === id);
  if (!c) throw new Error(`no column ${id}`);
  return c;
};
const sectionText = (columnId: string, sectionId: string) => {
  const s = column(columnId).sections.find((sec) => sec.id === sectionId);
  if (!s) throw new Error(`no section ${sectionId}`);
  return stripLinks([...s.paragraphs, ...(s.points ?? [])].join(" "));
};
const refund = (id: string) => sectionText("refund-policy", id);
const cancellation = (id: string) => sectionText("cancellation-policy", id);

describe("refund and cancellation policy", () => {
  it("matches the two-column schema: refund policy and cancellation policy", () => {
    expect(twoColumnDocumentSchema.safeParse(refundPolicy).error).toBeUndefined();
    expect(refundPolicy.columns.map((c) => c.title)).toEqual([
      "Refund Policy",
      "Cancellation Policy",
    ]);
  });

  it("explains usage-based billing: no upfront fee, charges at cycle end or on a threshold", () => {
    const text = refund("usage-based-billing");
    expect(text).toMatch(/no upfront fee/);
    expect(text).toMatch(/no fixed monthly charge unless one is explicitly defined/);
    expect(text).toMatch(/end of a billing cycle/);
    expect(text).toMatch(/usage crosses a threshold/);
    expect(text).toMatch(/usage is recorded, an invoice is issued, and only then is payment/);
    const { firstDay, lastDay } = billing.paymentWindow;
    expect(text).toContain(`between the ${ordinal(firstDay)} and the ${ordinal(lastDay)}`);
    expect(text).toMatch(/may be restricted/);
  });

  it(`requires billing issues within ${billing.disputeWindowDays} days of the invoice`, () => {
    expect(refund("eligibility")).toContain(
      `within ${billing.disputeWindowDays} days of the invoice`,
    );
    expect(refund("how-to-request")).toContain(`within ${billing.disputeWindowDays} days`);
  });

  it("refunds billing errors, unauthorized access, duplicates and timely reports only", () => {
    const eligible = refund("eligibility");
    for (const phrase of [
      /technical billing errors/,
      /unauthorized access/,
      /duplicate billing/,
      new RegExp(`reported within ${billing.disputeWindowDays} days`),
    ]) {
      expect(eligible).toMatch(phrase);
    }
    const excluded = refund("not-eligible");
    for (const phrase of [
      /verified actual usage/,
      /not canceled, or usage was not monitored/,
      /change of mind/,
    ]) {
      expect(excluded).toMatch(phrase);
    }
  });

  it("asks for the registered e-mail, invoice number and description, by e-mail to support", () => {
    const section = column("refund-policy").sections.find((s) => s.id === "how-to-request");
    expect(section?.paragraphs[0]).toContain(`mailto:${brand.supportEmail}`);
    expect(section?.points).toEqual([
      expect.stringMatching(/registered e-mail address/),
      expect.stringMatching(/invoice number/),
      expect.stringMatching(/description of the issue/),
    ]);
  });

  it("processes approved refunds in the window from billing, with the in-app chat as a channel", () => {
    const { min, max } = billing.refundProcessingBusinessDays;
    const text = refund("refund-processing");
    expect(text).toContain(`within ${min} to ${max} business days after the review and approval`);
    expect(text).toMatch(/help chat inside the application/);
  });

  it("stops future billing on cancellation but still invoices consumed usage", () => {
    const text = cancellation("cancellation-terms");
    expect(text).toContain(facts.cancellation.billing);
    expect(text).toMatch(/stops billing from that day/);
    expect(text).toMatch(/covers that month's use up to the cancellation/);
  });

  it("follows the account lifecycle: access to cycle end, read-only, then deletion", () => {
    const text = cancellation("after-cancellation");
    const days = billing.readOnlyDaysAfterCancellation;
    expect(text).toContain(facts.cancellation.access);
    expect(text).toMatch(/until the end of that month/);
    expect(text).toContain(`read-only for ${days} days`);
    expect(text).toMatch(/permanently deleted/);
    expect(text).toMatch(/Export anything you want to keep/);
    expect(accountLifecycle.map((s) => s.id)).toEqual([
      "active",
      "cancelled",
      "read-only",
      "deleted",
    ]);
    expect(accountLifecycle[2]?.title).toContain(`${days} days`);
  });

  it("aims to resolve access issues in the window from billing", () => {
    const { min, max } = billing.accessIssueResolutionHours;
    expect(cancellation("access-help")).toContain(`within ${min} to ${max} hours`);
  });
});
