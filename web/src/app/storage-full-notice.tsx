/**
 * Tells the user when the device's storage is full: any local write that fails with a
 * QuotaExceededError, reported by the layer that wrote (local/storage.ts `reportStorageError`)
 * or left unhandled anywhere (an unhandled promise rejection or error event), shows one
 * "Storage is full" notification that stays until dismissed.
 */
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { onStorageFull, reportStorageError } from '../local/storage';
import { STORAGE_FULL_MESSAGE, STORAGE_FULL_TITLE } from '../local/storage-errors';

/** One notice at a time, however many writes fail. */
export const STORAGE_FULL_NOTICE_ID = 'storage-full';

export function showStorageFull(): void {
  notifications.show({
    id: STORAGE_FULL_NOTICE_ID,
    color: 'red',
    title: STORAGE_FULL_TITLE,
    message: STORAGE_FULL_MESSAGE,
    autoClose: false,
    withCloseButton: true,
  });
}

export function StorageFullNotice() {
  useEffect(() => {
    const stop = onStorageFull(showStorageFull);
    const onRejection = (event: PromiseRejectionEvent) => void reportStorageError(event.reason);
    const onError = (event: ErrorEvent) => void reportStorageError(event.error);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('error', onError);
    return () => {
      stop();
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('error', onError);
    };
  }, []);
  return null;
}
