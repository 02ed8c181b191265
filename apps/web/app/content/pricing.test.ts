import { describe, expect, it } from "vitest";
import { meteredPrices, monthlyEstimate, plan } from "./pricing";

describe("monthlyEstimate", () => {
  it("reads its rates from the price list", () => {
    const line = (item: string) => plan.metered.find((m) => m.item === item)?.price;
    expect(`$${meteredPrices.perEmployee.toFixed(1)}`).toBe(line("Employees"));
    expect(`$${meteredPrices.perGb}`).toBe(line("Files and images"));
    expect(`$${meteredPrices.platform.toFixed(1)}`).toBe(line("Platform fee"));
  });

  it("adds people, storage and the platform fee, to the cent", () => {
    const e = monthlyEstimate(25, 40);
    expect(e.employeesCost).toBeCloseTo(25 * meteredPrices.perEmployee, 10);
    expect(e.storageCost).toBeCloseTo(40 * meteredPrices.perGb, 10);
    expect(e.total).toBeCloseTo(e.employeesCost + e.storageCost + meteredPrices.platform, 10);
    expect(monthlyEstimate(3, 0.1).storageCost).toBe(0.04);
  });

  it("treats empty, negative and fractional people sensibly", () => {
    expect(monthlyEstimate(Number.NaN, Number.NaN).total).toBe(meteredPrices.platform);
    expect(monthlyEstimate(-4, -1).total).toBe(meteredPrices.platform);
    expect(monthlyEstimate(2.7, 0).people).toBe(2);
  });
});
