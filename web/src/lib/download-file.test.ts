/** The file name a download is saved under. */
import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('fileNameOf', () => {
  it('reads the quoted file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="catalog-2025-03-01.csv"')).toBe('catalog-2025-03-01.csv');
    expect(fileNameOf('attachment; FILENAME="a.csv"')).toBe('a.csv');
  });

  it('is null without one', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
