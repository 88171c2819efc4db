/**
 * Names people read lose bidirectional controls (issue 31: a company name kept U+202E): the
 * company's name and a work order's title (like every text a request carries) come through
 * `boundedText` (common.ts withoutBidiControls), so both sides store and show them without.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CompanyNameBody } from './team';
import { CreateWorkOrderBody } from './work-orders';

const SPOOF = 'Invoice\u202Efdp.exe\u2066 Q3\u2069';

describe('display names', () => {
  it('keep no bidirectional control (U+202A-U+202E, U+2066-U+2069)', () => {
    expect(CompanyNameBody.parse({ name: SPOOF }).name).toBe('Invoicefdp.exe Q3');
    const title = (CreateWorkOrderBody as unknown as z.ZodObject).shape.title as z.ZodType;
    expect(title.parse(SPOOF)).toBe('Invoicefdp.exe Q3');
    expect(title.safeParse('\u202E\u202A').success).toBe(false);
  });
});
