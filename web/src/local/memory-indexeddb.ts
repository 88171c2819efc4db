/**
 * The in-memory IndexedDB (fake-indexeddb) of a page the browser denies IndexedDB
 * (indexeddb-choice.ts): loaded only there, as a chunk of its own, which the service worker does
 * not precache (vite.config.ts): such a page is a frame of another site, which has no worker.
 */
export { IDBKeyRange, indexedDB } from 'fake-indexeddb';
