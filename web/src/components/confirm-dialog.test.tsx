/**
 * The shared dialogs (dialog.tsx, confirm-dialog.tsx): the title names the dialog and is its
 * heading, the close button has a name, no second banner landmark, the safe button has the
 * initial focus, a running action keeps the dialog open, and a server-only action waits offline.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportNoAnswer } from '../lib/connectivity';
import { render, waitFor, type Rendered } from '../testing/render';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { Dialog } from './dialog';

let mounted: Rendered | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string) =>
  [...(dialog()?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
  );

async function openConfirm(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  mounted = await render(
    <ConfirmDialog
      opened
      title="Remove Team Member"
      message="Are you sure?"
      confirmLabel="Remove"
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  await waitFor(() => dialog() !== null);
  return { onConfirm, onClose };
}

describe('Dialog', () => {
  it('is named by its title, a heading, and has a named close button and no <header>', async () => {
    const onClose = vi.fn();
    mounted = await render(
      <Dialog opened title="Invite Member" closeLabel="Close invite" onClose={onClose}>
        <p>body</p>
      </Dialog>,
    );
    await waitFor(() => dialog() !== null);
    const heading = dialog()!.querySelector('h2');
    expect(heading?.textContent).toBe('Invite Member');
    expect(dialog()!.getAttribute('aria-labelledby')).toBe(heading!.id);
    expect(dialog()!.querySelector('header')).toBeNull();
    await act(async () => button('Close invite')!.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog', () => {
  it('focuses the safe button first and answers each button', async () => {
    const { onConfirm, onClose } = await openConfirm({ cancelLabel: 'Keep Invitation' });
    await waitFor(() => document.activeElement === button('Keep Invitation'));
    await act(async () => button('Remove')!.click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await act(async () => button('Keep Invitation')!.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed while its action runs', async () => {
    const { onClose } = await openConfirm({ pending: true });
    expect(button('Close')!.disabled).toBe(true);
    expect(button('Cancel')!.disabled).toBe(true);
    await act(async () => {
      dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets a server-only action wait offline, and an action on this device go ahead', async () => {
    act(() => reportNoAnswer());
    const server = await openConfirm();
    await act(async () => button('Remove')!.click());
    expect(server.onConfirm).not.toHaveBeenCalled();
    expect(button('Remove')!.getAttribute('aria-disabled')).toBe('true');
    mounted!.unmount();

    const local = await openConfirm({ needsConnection: false });
    await act(async () => button('Remove')!.click());
    expect(local.onConfirm).toHaveBeenCalledTimes(1);
  });
});
