import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Node-environment tests (the build's prerender) have no storage.
  globalThis.localStorage?.clear();
});
