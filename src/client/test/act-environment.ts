// For component tests that call hydrateRoot/createRoot directly: act() flushes React's work before the assertions only when
// React is told it runs in a test (testing-library sets this itself). Restored after the file (vitest's isolate: false).
import { afterAll, beforeAll } from 'vitest';

export function enableActEnvironment(): void {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
  });
}
