/** The price gate's rule (issue 31, decision 048), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARDRAIL_SETTINGS, type GuardrailItem } from './guardrails';
import { gateDecision, memberMayMoveEnd, PRICE_PATH_CHECKS, PRICE_PATHS, type GateSettings } from './price-gate';

const settings = (over: Partial<GateSettings> = {}): GateSettings => ({ ...DEFAULT_GUARDRAIL_SETTINGS, ordersNeedApproval: false, ...over });
const toZero: GuardrailItem = { before: { regular: 1000, sale: null }, after: { regular: 0, sale: null }, cost: null, retail: null };
const fine: GuardrailItem = { before: { regular: 1000, sale: null }, after: { regular: 1100, sale: null }, cost: null, retail: null };

describe('gateDecision', () => {
  it('refuses a blocked change whoever proposes it, naming each item and rule; an approval does not lift it', () => {
    const blocking = settings({ blockingGuardrails: ['zeroPrice'], ordersNeedApproval: true });
    for (const role of ['owner', 'admin', 'member'] as const) {
      expect(gateDecision({ path: 'order', role, items: [fine, toZero] }, blocking)).toEqual({ outcome: 'refused', violations: [{ index: 1, rule: 'zeroPrice' }] });
    }
    expect(gateDecision({ path: 'run', role: 'member', approved: true, items: [toZero] }, blocking).outcome).toBe('refused');
    expect(gateDecision({ path: 'order', role: 'owner', items: [toZero] }, settings()).outcome).toBe('run');
  });

  it('holds a member\u2019s proposal for approval while the company requires it, on every path that asks for approval', () => {
    const on = settings({ ordersNeedApproval: true });
    for (const path of PRICE_PATHS) {
      const expected = PRICE_PATH_CHECKS[path].approval ? 'approval' : 'run';
      expect(gateDecision({ path, role: 'member', items: [fine] }, on).outcome, path).toBe(expected);
      expect(gateDecision({ path, role: 'admin', items: [fine] }, on).outcome, path).toBe('run');
    }
    expect(gateDecision({ path: 'run', role: 'member', approved: true, items: [fine] }, on).outcome).toBe('run');
    expect(gateDecision({ path: 'order', role: 'member', items: [fine] }, settings()).outcome).toBe('run');
  });

  it('lets undo and the end of an order put its prices back whatever the rules (decision 048)', () => {
    const strict = settings({ blockingGuardrails: ['zeroPrice', 'largeChange'], ordersNeedApproval: true });
    expect(gateDecision({ path: 'undo', role: 'member', items: [toZero] }, strict)).toEqual({ outcome: 'run' });
    expect(gateDecision({ path: 'end', role: 'member', items: [toZero] }, strict)).toEqual({ outcome: 'run' });
  });
});

describe('memberMayMoveEnd', () => {
  const d = (day: number) => new Date(Date.UTC(2027, 0, day));
  it('lets a member bring an end nearer or set one, never remove or postpone it', () => {
    expect(memberMayMoveEnd(d(10), d(5))).toBe(true);
    expect(memberMayMoveEnd(d(10), d(10))).toBe(true);
    expect(memberMayMoveEnd(null, d(5))).toBe(true);
    expect(memberMayMoveEnd(null, null)).toBe(true);
    expect(memberMayMoveEnd(d(10), d(11))).toBe(false);
    expect(memberMayMoveEnd(d(10), null)).toBe(false);
  });
});
