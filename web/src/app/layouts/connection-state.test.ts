import { describe, expect, it } from 'vitest';
import { connectionState } from './connection-state';

const base = { online: true, pulling: false, sending: false, queued: 0, rejected: 0 };

describe('connectionState', () => {
  it('says online when nothing moves and nothing waits', () => {
    expect(connectionState(base)).toMatchObject({ kind: 'online', label: 'Online', queuedText: null, attentionText: null, description: 'Online' });
  });

  it('says syncing while the catalog pulls or the outbox sends', () => {
    expect(connectionState({ ...base, pulling: true }).kind).toBe('syncing');
    expect(connectionState({ ...base, sending: true }).label).toBe('Syncing');
  });

  it('says offline whatever else is going on, with what waits', () => {
    const state = connectionState({ ...base, online: false, pulling: true, queued: 2 });
    expect(state).toMatchObject({ kind: 'offline', label: 'Offline', queuedText: '2 queued' });
    expect(state.description).toBe('Offline: changes are kept on this device. 2 changes waiting to be sent');
  });

  it('counts refused writes as needing attention', () => {
    expect(connectionState({ ...base, rejected: 1 }).attentionText).toBe('1 needs attention');
    expect(connectionState({ ...base, rejected: 3 }).attentionText).toBe('3 need attention');
  });
});
