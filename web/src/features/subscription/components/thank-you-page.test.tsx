/**
 * The thank-you page: the plan from the query (premium by default), the purchase conversion sent
 * once with the spec's values, and the next steps and buttons with where they lead.
 */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../../testing/render';
import { purchaseConversion, ThankYouPage } from './thank-you-page';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

async function renderAt(path: string) {
  const track = vi.fn();
  rendered = await render(
    <MemoryRouter initialEntries={[path]}>
      <ThankYouPage track={track} />
    </MemoryRouter>,
  );
  return track;
}

const links = () => [...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('ThankYouPage', () => {
  it('counts a purchase as 5 USD for Starter and 10 USD otherwise', () => {
    expect(purchaseConversion('starter')).toEqual({ plan: 'starter', value: 5, currency: 'USD' });
    expect(purchaseConversion('premium')).toEqual({ plan: 'premium', value: 10, currency: 'USD' });
  });

  it('thanks for the plan in the query and sends its conversion once', async () => {
    const track = await renderAt('/thank-you?plan=starter');
    expect(document.querySelector('h1')?.textContent).toBe('Thank you for your purchase!');
    expect(document.body.textContent).toContain('Welcome to the Starter plan.');
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith({ plan: 'starter', value: 5, currency: 'USD' });
  });

  it('assumes Premium when the query names no known plan', async () => {
    const track = await renderAt('/thank-you?plan=gold');
    expect(document.body.textContent).toContain('Welcome to the Premium plan.');
    expect(track).toHaveBeenCalledWith({ plan: 'premium', value: 10, currency: 'USD' });
  });

  it('offers the three next steps and the ways on', async () => {
    await renderAt('/thank-you');
    expect(links()).toEqual([
      ['Go to Settings', '/settings'],
      ['Create a work order', '/work-orders/create'],
      ['Manage your team', '/team'],
      ['Connect Your Store', '/settings'],
      ['Go to Dashboard', '/'],
      ['Contact Support', '/feedback'],
    ]);
  });
});
