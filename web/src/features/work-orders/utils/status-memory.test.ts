import { describe, expect, it } from 'vitest';
import { noteStatuses, rememberWorkOrder } from './status-memory';

describe('noteStatuses', () => {
  it('reports nothing for orders seen for the first time, except new pending ones', () => {
    expect(noteStatuses([{ id: 'a1', status: 'completed' }])).toEqual({ changed: false, prices: false });
    expect(noteStatuses([{ id: 'a2', status: 'pending' }])).toEqual({ changed: true, prices: false });
  });

  it('reports a status change, and a change of prices when an order completes or is undone', () => {
    noteStatuses([{ id: 'b1', status: 'pending' }]);
    expect(noteStatuses([{ id: 'b1', status: 'executing' }])).toEqual({ changed: true, prices: false });
    expect(noteStatuses([{ id: 'b1', status: 'completed' }])).toEqual({ changed: true, prices: true });
    expect(noteStatuses([{ id: 'b1', status: 'completed' }])).toEqual({ changed: false, prices: false });
    expect(noteStatuses([{ id: 'b1', status: 'undone' }])).toEqual({ changed: true, prices: true });
    expect(noteStatuses([{ id: 'b1', status: 'failed' }])).toEqual({ changed: true, prices: false });
  });

  it('counts an order created here that completed before the list first loaded', () => {
    rememberWorkOrder({ id: 'c1', status: 'pending' });
    expect(noteStatuses([{ id: 'c1', status: 'completed' }])).toEqual({ changed: true, prices: true });
  });
});
