/**
 * What the tests of Settings > Work orders share (work-orders-settings.test.tsx, the EU prior
 * price's and the storefront publication's): the signed-in user of a given role and plan, the
 * section rendered signed in until its form shows, and its fields and buttons by their names.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import { WorkOrdersSettings } from './work-orders-settings';

/** GET /api/auth/user's answer for Ada, of `role`, on `plan`. */
export const settingsUser = (role: 'owner' | 'admin' | 'member', plan = 'premium') => ({
  id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', profileImageUrl: null, role, hasSeenWalkthrough: true,
  company: { name: "Ada's Company", subscriptionPlan: plan, productLimit: 1000 },
});

/** The section, signed in, once its form shows (the API stubbed by the test). */
export async function renderWorkOrdersSettings(): Promise<Rendered> {
  const identity = fakeIdentity();
  const rendered = await render(
    <AuthProvider connect={identity.connect}>
      <MemoryRouter>
        <WorkOrdersSettings />
      </MemoryRouter>
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(fakeUser()));
  await waitFor(() => rendered.container.querySelector('form[aria-label="Work order settings"]') !== null);
  return rendered;
}

/** The input a label starting with `label` names. */
export const fieldByLabel = (root: ParentNode, label: string) => {
  const el = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label));
  if (!el) throw new Error(`no field labelled ${label}`);
  return document.getElementById(el.htmlFor) as HTMLInputElement;
};

export const buttonNamed = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
