/**
 * LruCache moved to @catalog/contracts/lru-cache (the web app's row cache uses it too). This
 * re-export remains only for api/src/db/, which another change is rewriting; import the
 * contracts module directly everywhere else.
 */
export { LruCache } from '@catalog/contracts/lru-cache';
