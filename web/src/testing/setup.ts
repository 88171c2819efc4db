/** Runs before every web test file: module state that outlives a test is put back after each. */
import { afterEach } from 'vitest';
import { resetConnectivity } from '../lib/connectivity';

afterEach(() => {
  // A test whose fetch stub failed must not leave the next one offline.
  resetConnectivity();
});
