import { describe, expect, it } from "vitest";
import { listPrice, meteredPrices, monthlyEstimate, plan, usd } from "./pricing";

describe("monthlyEstimate", () => {
  it("reads its rates from the price list", () => {
    const line = (item: string) => plan.metered.find((m) => m.item === item)?.price;
    expect(usd.format(meteredPrices.perEmployee)).toBe(line("Employees"));
    expect(usd.format(meteredPrices.perGb)).toBe(line("Files and images"));
    expect(usd.format(meteredPrices.platform)).toBe(line("Platform fee"));
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

describe("listPrice", () => {
  it("prints list amounts as the currency formatter does, always with cents", () => {
    for (const amount of [0, 0.35, 1, 12.5, 999.99])
      expect(listPrice(amount)).toBe(usd.format(amount));
    expect(listPrice(1)).toBe("$1.00");
  });

  it("refuses amounts the short form would print wrongly", () => {
    expect(() => listPrice(1000)).toThrow(/\$0-\$999/);
    expect(() => listPrice(-1)).toThrow();
    expect(() => listPrice(Number.NaN)).toThrow();
  });
});
