/** The create form's "Repeat" control (issue 36): weekly or monthly asks until when; on dates adds and removes dates. */
import { act, useReducer } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../../../testing/render';
import { initialFormState, workOrderFormReducer, type WorkOrderFormState } from '../utils/work-order-form';
import { RepeatInputs } from './repeat-inputs';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

let latest: WorkOrderFormState | undefined;
function Harness({ error }: { error?: string }) {
  const [state, dispatch] = useReducer(workOrderFormReducer, initialFormState('f'));
  latest = state;
  return <RepeatInputs state={state} dispatch={dispatch} error={error} min="2030-06-05" />;
}

const byLabel = (container: HTMLElement, label: string) => {
  const el = [...container.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label);
  return el ? (container.ownerDocument.getElementById(el.htmlFor) as HTMLInputElement | HTMLSelectElement | null) : null;
};

/** Sets a native input's or select's value as a user would (React listens to the native setter). */
function type(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

describe('RepeatInputs', () => {
  it('offers the four choices, and asks until when for weekly and monthly', async () => {
    rendered = await render(<Harness />);
    const { container } = rendered;
    const select = byLabel(container, 'Repeat') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Does not repeat', 'Weekly', 'Monthly', 'On dates']);
    expect(byLabel(container, 'Until')).toBeNull();
    await act(async () => type(select, 'week'));
    const until = byLabel(container, 'Until') as HTMLInputElement;
    expect(until).not.toBeNull();
    expect(until.min).toBe('2030-06-05');
    await act(async () => type(until, '2030-12-31'));
    expect(latest).toMatchObject({ repeat: 'week', repeatUntil: '2030-12-31' });
    expect(container.textContent).toContain('Each run is a work order of its own');
  });

  it('adds chosen dates in order, once each, and removes them', async () => {
    rendered = await render(<Harness />);
    const { container } = rendered;
    await act(async () => type(byLabel(container, 'Repeat')!, 'dates'));
    const addButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add date')!;
    expect(addButton().disabled).toBe(true);
    for (const date of ['2030-07-01', '2030-06-12', '2030-07-01']) {
      await act(async () => type(byLabel(container, 'Repeat on')!, date));
      await act(async () => addButton().click());
    }
    expect(latest?.repeatDates).toEqual(['2030-06-12', '2030-07-01']);
    const listed = () => [...container.querySelectorAll('[role="listitem"]')].map((i) => i.textContent);
    expect(listed()).toEqual(['2030-06-12', '2030-07-01']);
    await act(async () => container.querySelector<HTMLButtonElement>('[aria-label="Remove 2030-06-12"]')!.click());
    expect(listed()).toEqual(['2030-07-01']);
  });

  it('shows the rule\u2019s error under the date it is about', async () => {
    rendered = await render(<Harness error="Choose when the repeats end (until)" />);
    await act(async () => type(byLabel(rendered!.container, 'Repeat')!, 'month'));
    expect(rendered.container.textContent).toContain('Choose when the repeats end (until)');
  });
});
