/**
 * The outbox in React: `OutboxProvider` hands the screens the app's instance (the signed-in
 * shell provides it; a test provides its own), `useOutbox()` takes it, and two live views of
 * its entries: the list (`useOutboxEntries`) and counts for the header (`useOutboxSummary`).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { OutboxEntry, OutboxKind } from './catalog-db';
import { useCatalogStatus } from './catalog-query';
import type { Outbox } from './outbox';
import { isOpen } from './pending-edits';

/** The message of a write waiting for the network. */
export const WAITING_FOR_CONNECTION = 'Waiting for connection';

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ outbox, children }: { outbox: Outbox; children?: ReactNode }) {
  return createElement(OutboxContext.Provider, { value: outbox }, children);
}

/** The outbox the screens write through; throws outside an OutboxProvider (a wiring mistake). */
export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox() needs an <OutboxProvider> above it');
  return outbox;
}

export interface OutboxSummary {
  /** Waiting to be sent (queued or being sent). */
  queued: number;
  /** Refused by the server, waiting for the user. */
  rejected: number;
  /** A request is on its way. */
  sending: boolean;
}

/** The outbox's entries in order, live (undefined while loading; [] when signed out). */
export function useOutboxEntries(kind?: OutboxKind): OutboxEntry[] | undefined {
  const outbox = useOutbox();
  const { uid } = useCatalogStatus();
  return useLiveQuery(async () => {
    const db = outbox.db();
    if (!db) return [];
    const all = await db.outbox.orderBy('seq').toArray();
    return kind ? all.filter((e) => e.kind === kind) : all;
  }, [outbox, uid, kind]);
}

export function useOutboxSummary(): OutboxSummary {
  const entries = useOutboxEntries();
  return useMemo(() => {
    const list = entries ?? [];
    return {
      queued: list.filter(isOpen).length,
      rejected: list.filter((e) => e.status === 'rejected').length,
      sending: list.some((e) => e.status === 'sending'),
    };
  }, [entries]);
}
