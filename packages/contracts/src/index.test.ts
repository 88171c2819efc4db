/** The package entry re-exports every module. */
import { describe, expect, it } from 'vitest';
import * as contracts from './index';

describe('@catalog/contracts', () => {
  it('exports every module from one entry', () => {
    for (const name of [
      'ErrorCode', 'ApiError', 'getErrorMessage', 'parseMoney', 'MoneyString', 'stockBadge', 'PLANS',
      'Product', 'CreateWorkOrderBody', 'workOrderActions', 'SaveSettingsBody', 'encodeSyncEvent',
      'CurrentUser', 'InviteBody', 'CheckoutBody', 'DashboardStats', 'HealthResponse',
    ]) {
      expect(contracts, name).toHaveProperty(name);
    }
  });
});
