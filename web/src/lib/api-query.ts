/**
 * A small data hook for API reads (no TanStack Query): `useApiQuery(key, fetcher, options)`
 * gives data, error, isLoading and refetch. Components that use the same key share one
 * request and one result (the sidebar badge and the dashboard both read GET /api/dashboard).
 *
 * Queries run only while a user is signed in, and each user has their own results. As the spec
 * asks (section 7): no retry, and a result stays fresh until refetched, invalidated or
 * `staleTime` passes; `refetchInterval` polls while a component shows it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useAuth } from './session';
import { useBackgroundStore } from './use-background-store';

export interface QueryState<T> {
  data: T | undefined;
  /** The last failure; cleared by the next success. */
  error: unknown;
  /** No data yet and a request is on its way. */
  isLoading: boolean;
  /** A request is on its way (a first load or a refetch). */
  isFetching: boolean;
}

export interface QueryResult<T> extends QueryState<T> {
  /** Fetches again now; resolves when done (never rejects, the error is in the state). */
  refetch: () => Promise<void>;
}

export interface QueryOptions {
  /** false: do not fetch (yet). Queries never run while signed out. */
  enabled?: boolean;
  /** Poll every N ms while mounted and enabled. */
  refetchInterval?: number;
  /** A result older than this is fetched again when a component mounts; default never. */
  staleTime?: number;
}

interface Entry {
  key: string;
  state: QueryState<unknown>;
  fetchedAt: number;
  /** Invalidated: fetch again at the next chance. */
  stale: boolean;
  /** The last fetcher a component gave, for refetches on invalidation. */
  fetcher: (() => Promise<unknown>) | undefined;
  inFlight: Promise<void> | undefined;
  /** Bumped by invalidation, so a response to an older request does not overwrite newer data. */
  generation: number;
  listeners: Set<() => void>;
}

const EMPTY: QueryState<never> = {
  data: undefined,
  error: undefined,
  isLoading: false,
  isFetching: false,
};

const entries = new Map<string, Entry>();

/** Results are kept per user: 'uid|key'. */
const scoped = (uid: string, key: string) => `${uid}|${key}`;
const keyOf = (fullKey: string) => fullKey.slice(fullKey.indexOf('|') + 1);

function entryFor(fullKey: string): Entry {
  let entry = entries.get(fullKey);
  if (!entry) {
    entry = {
      key: fullKey,
      state: EMPTY,
      fetchedAt: 0,
      stale: false,
      fetcher: undefined,
      inFlight: undefined,
      generation: 0,
      listeners: new Set(),
    };
    entries.set(fullKey, entry);
  }
  return entry;
}

function update(entry: Entry, patch: Partial<QueryState<unknown>>) {
  entry.state = { ...entry.state, ...patch };
  for (const listener of entry.listeners) listener();
}

/** Requests waiting to start, each in a task of its own. */
const nextTaskStarts: Array<() => void> = [];

/**
 * Runs `start` in a task after this one. The queries one commit mounts share one timer set
 * there: a timer set from deep in React's commit is not free (the browser records where it was
 * set). Each start still gets a task of its own (its schema, token and fetch are several
 * milliseconds), the next one's timer set from the shallow stack of the one before.
 */
function inNextTask(start: () => void): void {
  nextTaskStarts.push(start);
  if (nextTaskStarts.length === 1) setTimeout(startNext, 0);
}

function startNext(): void {
  const start = nextTaskStarts.shift();
  if (nextTaskStarts.length > 0) setTimeout(startNext, 0);
  start?.();
}

/**
 * Fetches, unless a request is on its way. `nextTask`: the request starts in a task of its own,
 * the state saying loading at once (a screen mounts several queries in one commit, and each
 * request's start, the token and the fetch, would add to the one task that runs its effects);
 * the queries cleared meanwhile (signed out) send nothing.
 */
function run(entry: Entry, fetcher: () => Promise<unknown>, { nextTask = false } = {}): Promise<void> {
  if (entry.inFlight) return entry.inFlight;
  const generation = entry.generation;
  update(entry, { isFetching: true, isLoading: entry.state.data === undefined });
  const request = nextTask
    ? new Promise<unknown>((resolve, reject) =>
        inNextTask(() => {
          if (generation === entry.generation) fetcher().then(resolve, reject);
          else resolve(undefined);
        }),
      )
    : fetcher();
  entry.inFlight = request.then(
    (data) => {
      // An older request's answer (the query was invalidated or cleared since) is dropped, and
      // leaves the newer request's inFlight alone: every generation bump clears inFlight itself.
      if (generation !== entry.generation) return;
      entry.inFlight = undefined;
      entry.fetchedAt = Date.now();
      entry.stale = false;
      update(entry, { data, error: undefined, isLoading: false, isFetching: false });
    },
    (error: unknown) => {
      if (generation !== entry.generation) return;
      entry.inFlight = undefined;
      update(entry, { error, isLoading: false, isFetching: false });
    },
  );
  return entry.inFlight;
}

export function useApiQuery<T>(
  key: string,
  fetcher: () => Promise<T>,
  { enabled = true, refetchInterval, staleTime = Infinity }: QueryOptions = {},
): QueryResult<T> {
  const { user } = useAuth();
  const active = enabled && user !== null;
  const fullKey = user ? scoped(user.uid, key) : null;
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const subscribe = useCallback(
    (listener: () => void) => {
      if (!fullKey) return () => {};
      const entry = entryFor(fullKey);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [fullKey],
  );
  const getSnapshot = useCallback(
    () => (fullKey ? (entries.get(fullKey)?.state ?? EMPTY) : EMPTY),
    [fullKey],
  );
  // Results re-render as transitions (in slices), not in one synchronous task each.
  const state = useBackgroundStore(subscribe, getSnapshot) as QueryState<T>;

  const refetch = useCallback(async () => {
    if (!fullKey || !active) return;
    await run(entryFor(fullKey), () => fetcherRef.current());
  }, [fullKey, active]);

  useEffect(() => {
    if (!fullKey || !active) return;
    const entry = entryFor(fullKey);
    entry.fetcher = () => fetcherRef.current();
    const fresh =
      entry.state.data !== undefined &&
      entry.state.error === undefined &&
      !entry.stale &&
      Date.now() - entry.fetchedAt < staleTime;
    if (!fresh) void run(entry, () => fetcherRef.current(), { nextTask: true });
    if (!refetchInterval) return;
    const timer = window.setInterval(() => void run(entry, () => fetcherRef.current()), refetchInterval);
    return () => window.clearInterval(timer);
  }, [fullKey, active, staleTime, refetchInterval]);

  // While disabled, a query shows nothing rather than another moment's result.
  return { ...(active ? state : EMPTY), refetch };
}

/** Replaces a query's data (e.g. with a write's response) for whoever shows it. */
export function setApiQueryData<T>(key: string, data: T): void {
  for (const entry of entries.values()) {
    if (keyOf(entry.key) !== key) continue;
    entry.generation += 1;
    entry.inFlight = undefined;
    entry.fetchedAt = Date.now();
    entry.stale = false;
    update(entry, { data, error: undefined, isLoading: false, isFetching: false });
  }
}

/**
 * Marks a query stale after a write that changes it: fetched again at once where a component
 * shows it, otherwise when one next mounts.
 */
export function invalidateApiQuery(key: string): void {
  for (const entry of entries.values()) {
    if (keyOf(entry.key) !== key) continue;
    entry.stale = true;
    if (entry.listeners.size === 0 || !entry.fetcher) continue;
    // A request already on its way may predate the write: start a new one and drop its answer.
    entry.generation += 1;
    entry.inFlight = undefined;
    void run(entry, entry.fetcher);
  }
}

/** Forgets every result (on sign-out: nothing of the last user stays in memory). */
export function clearApiQueries(): void {
  for (const entry of entries.values()) {
    entry.generation += 1;
    entry.inFlight = undefined;
    entry.stale = true;
    update(entry, EMPTY);
  }
}
