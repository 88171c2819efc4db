/**
 * docs/permissions.md says what the permission table and the route table enforce, row for row
 * (the tenant matrix proves the API answers as the tables say). In CI a difference fails; locally,
 * `-u` writes the file anew.
 */
import { describe, expect, it } from 'vitest';
import { renderPermissionsDoc } from './permissions-doc';

describe('docs/permissions.md', () => {
  it('is the permission table and the route table as they are', async () => {
    await expect(renderPermissionsDoc()).toMatchFileSnapshot('../../../docs/permissions.md');
  });
});
