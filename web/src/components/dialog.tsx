/**
 * The app's one modal dialog: Mantine's Modal with an accessible header. The title is the
 * dialog's heading (an h2 that names the dialog through aria-labelledby) and the close button
 * has a name. The header is a div, not Mantine's default <header>: a <header> at the page's top
 * level is a second banner landmark (axe landmark-no-duplicate-banner), which confuses screen
 * readers. Every dialog of every feature is built on it; confirm-dialog.tsx is the yes/no one.
 */
import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogProps extends Pick<ModalRootProps, 'opened' | 'onClose' | 'size' | 'fullScreen'> {
  title: string;
  /** The close button's accessible name ('Close preview', 'Close tour'). */
  closeLabel?: string;
  /** Centered in the viewport (default); false keeps it near the top, for tall content. */
  centered?: boolean;
  /**
   * An action of the dialog is running: Escape, the overlay and the close button do nothing
   * (the close button shows disabled), so the dialog stays until the action has an answer.
   */
  busy?: boolean;
  children: ReactNode;
}

/** Mantine's onClose must be a function; this one keeps a busy dialog open. */
const stayOpen = () => {};

export function Dialog({ title, closeLabel = 'Close', centered = true, busy = false, onClose, children, ...root }: DialogProps) {
  return (
    <Modal.Root {...root} centered={centered} onClose={busy ? stayOpen : onClose}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} disabled={busy} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
