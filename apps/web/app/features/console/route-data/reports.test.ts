import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchMe } from "../api/fetch-me";
import { fetchReport } from "../api/reports";
import { me } from "../model/console-fixtures.test-support";
import { loadReports, reportPeriod } from "./reports";

vi.mock("../api/fetch-me", () => ({ fetchMe: vi.fn() }));
vi.mock("../api/reports", () => ({ fetchReport: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe("reportPeriod", () => {
  it("reads the period from the address", () => {
    const search = new URLSearchParams("from=2026-11-01&to=2026-11-07&tz=Asia/Kolkata");
    expect(reportPeriod(search, "UTC")).toEqual({
      from: "2026-11-01",
      to: "2026-11-07",
      tz: "Asia/Kolkata",
    });
  });

  it("falls back to the last 7 days when the address names no valid period", () => {
    for (const query of ["", "from=2026-11-07&to=2026-11-01&tz=UTC", "from=x&to=y&tz=Mars/Base"]) {
      const period = reportPeriod(new URLSearchParams(query), "Europe/Berlin");
      expect(period.tz).toBe(query.includes("tz=UTC") ? "UTC" : "Europe/Berlin");
      expect(Date.parse(period.to) - Date.parse(period.from)).toBe(6 * 86_400_000);
    }
  });
});

describe("the Reports screen's loader", () => {
  it("asks nothing for an agent", async () => {
    vi.mocked(fetchMe).mockResolvedValue({
      kind: "signed-in",
      agent: { ...me, role: "agent" },
      status: "online",
    });
    const data = await loadReports(new URL("http://console.test/console/reports"), "UTC");
    expect(data.report).toEqual({ kind: "not-allowed" });
    expect(fetchReport).not.toHaveBeenCalled();
  });

  it("shows a failed report in the console's words", async () => {
    vi.mocked(fetchMe).mockResolvedValue({
      kind: "signed-in",
      agent: { ...me, role: "admin" },
      status: "online",
    });
    vi.mocked(fetchReport).mockResolvedValue({
      ok: false,
      status: 0,
      error: { code: "network", message: "The connection to our server failed." },
    });
    const data = await loadReports(new URL("http://console.test/console/reports"), "UTC");
    expect(data.report).toEqual({
      kind: "failed",
      message: "The server could not be reached. Check your connection and try again.",
    });
  });
});
