/**
 * Mantine's Modal with its header as a div: the default <header> at the page's top level is a
 * second banner landmark (axe landmark-no-duplicate-banner), which confuses screen readers.
 */
import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogModalProps extends Pick<ModalRootProps, 'opened' | 'onClose' | 'size' | 'fullScreen' | 'centered'> {
  title: string;
  /** The close button's accessible name. */
  closeLabel?: string;
  children: ReactNode;
}

export function DialogModal({ title, closeLabel = 'Close', children, ...root }: DialogModalProps) {
  return (
    <Modal.Root {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
