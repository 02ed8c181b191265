import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DeliveryState, type Delivered } from "./delivery-state";

const failed: Delivered = {
  delivery: "failed",
  error: "The chat had ended.",
  clientId: "client-0001",
};

const shown = (message: Delivered, onRetry?: (clientId: string) => void) =>
  renderToStaticMarkup(createElement(DeliveryState, { message, onRetry }));

describe("DeliveryState", () => {
  it("offers Retry for a failed message only where it can still be sent", () => {
    expect(shown(failed, () => {})).toContain("Retry");
    expect(shown(failed, () => {})).toContain("Not sent: The chat had ended.");
    expect(shown(failed)).not.toContain("Retry");
    expect(shown(failed)).toContain("Not sent: The chat had ended.");
    expect(shown({ ...failed, clientId: null }, () => {})).not.toContain("Retry");
  });
});
