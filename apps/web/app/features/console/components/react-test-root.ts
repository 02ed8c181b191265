/**
 * For component tests in jsdom: a React root in a fresh container for each test, unmounted and
 * removed after it. Call once at the top level of a test file.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

export function reactTestRoot(): { readonly container: HTMLDivElement; readonly root: Root } {
  const mounted: { container?: HTMLDivElement; root?: Root } = {};
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    mounted.container = document.createElement("div");
    document.body.append(mounted.container);
    mounted.root = createRoot(mounted.container);
  });
  afterEach(() => {
    const { root, container } = mounted;
    if (root) act(() => root.unmount());
    container?.remove();
  });
  return {
    get container() {
      if (!mounted.container) throw new Error("no test is running");
      return mounted.container;
    },
    get root() {
      if (!mounted.root) throw new Error("no test is running");
      return mounted.root;
    },
  };
}
