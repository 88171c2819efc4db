/**
 * For tests of a catalog whose in-memory index is still being built: holds the answer of every
 * range read of the catalog's `chunks` (its product rows, decision 058) in any Dexie database opened
 * meanwhile (how local-catalog loads the index; the first-page preview reads by key and counts, so
 * it is not held).
 */
import { Dexie, type DBCore, type DBCoreQueryRequest } from 'dexie';

/** Holds the index load until the returned function is called (again: no effect). */
export function holdIndexLoad(): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const addon = (db: Dexie) => {
    db.use({
      stack: 'dbcore',
      name: 'hold-index-load',
      create: (down: DBCore): DBCore => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'chunks') return table;
          // Read at once (within the transaction), answered when released.
          return { ...table, query: async (req: DBCoreQueryRequest) => Promise.all([table.query(req), gate]).then(([res]) => res) };
        },
      }),
    });
  };
  Dexie.addons.push(addon);
  return () => {
    const at = Dexie.addons.indexOf(addon);
    if (at >= 0) Dexie.addons.splice(at, 1);
    release();
  };
}
