import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait this long for the screen to settle. Lazy screens, debounced
// searches (1 s) and a loaded CI machine all need room; a passing test waits no longer.
// Set once here, not per file, so no file can tighten it for its own machine.
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks the browser APIs Mantine reads.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// A combobox scrolls its selected option into view on a timer; jsdom does no layout and has no
// scrollIntoView, so the timer would throw after a test that opened a select.
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { writable: true, value: () => undefined });
}

// Mantine's autosizing textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
