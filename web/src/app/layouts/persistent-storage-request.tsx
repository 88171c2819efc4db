/**
 * Asks the browser to keep this origin's storage (navigator.storage.persist()) once the signed-in
 * user has a catalog on the device: only then is there something worth keeping, and the browser
 * weighs the request by how the site is used. Once per user and device (local/storage.ts
 * remembers the answer). A leaf that renders nothing, so catalog progress re-renders only it.
 */
import { useEffect } from 'react';
import { useCatalogStatus } from '../../local/catalog-query';
import { requestPersistentStorage } from '../../local/storage';

export function PersistentStorageRequest() {
  const { uid, productCount } = useCatalogStatus();
  const hasCatalog = productCount > 0;
  useEffect(() => {
    if (uid && hasCatalog) void requestPersistentStorage(uid);
  }, [uid, hasCatalog]);
  return null;
}
