import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchContactMessages } from "../api/fetch-contact-messages";
import { loadContacts, searchChanged } from "./contacts";

vi.mock("../api/fetch-contact-messages", () => ({ fetchContactMessages: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const at = (query: string) => new URL(`http://console.test/console/contacts${query}`);

describe("the Contact messages screen's loader", () => {
  it("loads nothing without a search: the live list is the answer", async () => {
    expect(await loadContacts(at("?id=4"))).toBeNull();
    expect(fetchContactMessages).not.toHaveBeenCalled();
  });

  it("searches the server, and shows a failure in the console's words", async () => {
    vi.mocked(fetchContactMessages).mockResolvedValue({
      ok: false,
      status: 500,
      error: { code: "internal", message: "Internal" },
    });
    expect(await loadContacts(at("?q=anna&filter=unread"), () => 5)).toEqual({
      q: "anna",
      filter: "unread",
      at: 5,
      found: {
        kind: "failed",
        message: "Something went wrong on the server. Please try again in a moment.",
      },
    });
    expect(fetchContactMessages).toHaveBeenCalledWith({ q: "anna", filter: "unread" });
  });

  it("searches again only when the search changes, not when a message opens", () => {
    expect(searchChanged(at("?q=anna"), at("?q=anna&id=3"))).toBe(false);
    expect(searchChanged(at("?q=anna"), at("?q=ann"))).toBe(true);
    expect(searchChanged(at(""), at("?filter=unhandled"))).toBe(true);
  });
});
