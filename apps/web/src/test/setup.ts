import { notifications } from "@mantine/notifications";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

/** What jsdom lacks and Mantine asks for (its documented test setup): media queries and element sizes. */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollTo ??= () => {};

// Toasts live in a store of their own (app/toast.ts over @mantine/notifications): none is left for the next test.
afterEach(() => {
  cleanup();
  notifications.clean();
});
