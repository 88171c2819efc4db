/** The rules of dashboard.ts and common.ts: the Last Sync label, stats, health, path ids. */
import { describe, expect, it } from 'vitest';
import { HealthResponse, IntIdParam, UuidParam } from './common';
import { DashboardStats, lastSyncLabel } from './dashboard';

describe('lastSyncLabel', () => {
  const now = new Date('2030-01-02T12:00:00Z');

  it("says 'Never' before the first sync", () => {
    expect(lastSyncLabel(null, now)).toBe('Never');
  });

  it('shows the whole minutes, hours or days since the last sync', () => {
    expect(lastSyncLabel('2030-01-02T11:59:30Z', now)).toBe('Just now');
    expect(lastSyncLabel('2030-01-02T11:55:00Z', now)).toBe('5m');
    expect(lastSyncLabel('2030-01-01T12:00:00Z', now)).toBe('1d');
    expect(lastSyncLabel('2030-01-01T12:00:01Z', now)).toBe('23h');
  });

  it("reads a time in the future (a skewed clock) as 'Just now'", () => {
    expect(lastSyncLabel('2030-01-02T13:00:00Z', now)).toBe('Just now');
  });
});

describe('DashboardStats', () => {
  it('has the four numbers of the stat cards, lastSyncAt null before a sync', () => {
    const stats = { totalProducts: 5, pendingOrders: 1, completedOrders: 2, lastSyncAt: null };
    expect(DashboardStats.parse(stats)).toEqual({ ...stats, awaitingApproval: 0, needsAttention: [] });
  });

  it('lists the orders that need attention, each with its problem', () => {
    const order = { id: '0b4f2d4e-1c7a-4a53-9a0e-7d3f1c2b5a61', title: 'Weekend sale', status: 'failed', problem: 'The store refused it' };
    const stats = { totalProducts: 5, pendingOrders: 1, completedOrders: 2, lastSyncAt: null, needsAttention: [order] };
    expect(DashboardStats.parse(stats).needsAttention).toEqual([order]);
    expect(DashboardStats.safeParse({ ...stats, needsAttention: [{ ...order, status: 'lost' }] }).success).toBe(false);
  });
});

describe('common shapes', () => {
  it('answers the health check with the database dialect', () => {
    expect(HealthResponse.parse({ status: 'ok', db: 'sqlite' })).toEqual({ status: 'ok', db: 'sqlite' });
    expect(HealthResponse.safeParse({ status: 'ok', db: 'mysql' }).success).toBe(false);
  });

  it('accepts only plain positive digits as a numeric id in a path', () => {
    expect(IntIdParam.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1e3', '0x10', '4.2', ' 42', '']) {
      expect(IntIdParam.safeParse({ id }).success, id).toBe(false);
    }
  });

  it('accepts only a UUID as a work order id in a path', () => {
    expect(UuidParam.safeParse({ id: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b' }).success).toBe(true);
    expect(UuidParam.safeParse({ id: '42' }).success).toBe(false);
  });
});
