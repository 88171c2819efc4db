/**
 * Component tests of role-guarded controls (components/needs-permission.tsx): a control the
 * role may not use is disabled yet focusable, and says who can, as its description and, on
 * focus, as its tooltip.
 */
import { act } from 'react';
import { expect } from 'vitest';
import { waitFor } from './render';

export async function expectWhoCan(control: HTMLElement, message: string) {
  expect(control.getAttribute('aria-disabled')).toBe('true');
  expect((control as HTMLButtonElement).disabled).toBe(false);
  const described = control.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain(message);
  await act(async () => control.focus());
  expect(document.activeElement).toBe(control);
  await waitFor(() => [...document.querySelectorAll('[role="tooltip"]')].some((tip) => tip.textContent === message));
  await act(async () => control.blur());
}
