import { describe, expect, it } from 'vitest';
import { changeSourceText, revertPlanText, undoneText } from './revert-text';

describe('the safe undo in words', () => {
  it('says what the undo will do and did', () => {
    expect(revertPlanText({ restored: 40, kept: 3, unchanged: 0 })).toBe('40 will be restored, 3 changed since and will be kept');
    expect(revertPlanText({ restored: 1200, kept: 0, unchanged: 2 })).toBe('1,200 will be restored, 2 already at their original price');
    expect(undoneText({ restored: 40, kept: 3, unchanged: 0 })).toBe('Undone: 40 restored, 3 kept (changed since)');
    expect(undoneText({ restored: 5, kept: 0, unchanged: 0 })).toBe('Undone: 5 restored');
  });

  it('names what changed an item since', () => {
    const base = { workOrderId: null, workOrderTitle: null, by: null, at: null };
    expect(changeSourceText({ ...base, kind: 'work_order', workOrderTitle: 'Clearance' })).toBe('changed by the work order “Clearance”');
    expect(changeSourceText({ ...base, kind: 'manual', by: 'Ada Lovelace' })).toBe('edited in the app by Ada Lovelace');
    expect(changeSourceText({ ...base, kind: 'store' })).toBe('changed in the store');
    expect(changeSourceText(null)).toBe('changed in the store');
    expect(changeSourceText({ ...base, kind: 'store', at: '2030-03-05T15:07:00.000Z' })).toMatch(/^changed in the store on Mar 5, 2030 at \d{1,2}:07 (AM|PM)$/);
  });
});
