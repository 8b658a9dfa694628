import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { assertSameIds } from './reorder.ts';

/** What reordering and archiving write, whatever the catalogue. */
type OrderedChanges = { sortOrder?: number; archivedAt?: Date | null; isActive?: boolean };

/** The repository of one ordered, never hard-deleted catalogue table (credit packages, subscription plans). */
export type OrderedCatalogueStore<Row, NewValues, Changes> = {
  /** Every non-archived row in order; `forUpdate` locks them. */
  list: (db: Db, options?: { forUpdate?: boolean }) => Promise<Row[]>;
  /** A non-archived row, locked; null when missing or archived. */
  findForUpdate: (db: Db, id: string) => Promise<Row | null>;
  /** Inserts at the end of the order. */
  insert: (db: Db, values: NewValues) => Promise<Row>;
  update: (db: Db, id: string, changes: Changes | OrderedChanges) => Promise<Row>;
};

export type OrderedCatalogueConfig<Row, Dto, NewValues, Changes> = {
  db: Db;
  store: OrderedCatalogueStore<Row, NewValues, Changes>;
  toDto: (row: Row) => Dto;
  /** Audit target type, also the prefix of its actions (`credit_package` → `credit_package.create`, ...). */
  auditTarget: string;
  /** One item in the reorder error ("ids must list every credit package exactly once"). */
  itemName: string;
  notFoundMessage: string;
};

/** Admin changes to an ordered catalogue; each one commits together with its audit row. */
export function createOrderedCatalogue<Row extends { id: string }, Dto, NewValues, Changes>(
  config: OrderedCatalogueConfig<Row, Dto, NewValues, Changes>,
) {
  const { db, store, toDto, auditTarget: targetType } = config;

  async function lockedRow(tx: Db, id: string): Promise<Row> {
    const row = await store.findForUpdate(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 404, config.notFoundMessage);
    return row;
  }

  return {
    async list(): Promise<Dto[]> {
      return (await store.list(db)).map(toDto);
    },

    async create(actor: AuditActor, values: NewValues): Promise<Dto> {
      return db.transaction(async (tx) => {
        const row = await store.insert(tx, values);
        const after = toDto(row);
        await insertAuditEntry(tx, actor, { action: `${targetType}.create`, targetType, targetId: row.id, before: null, after });
        return after;
      });
    },

    async update(actor: AuditActor, id: string, changes: Changes): Promise<Dto> {
      return db.transaction(async (tx) => {
        const before = toDto(await lockedRow(tx, id));
        const after = toDto(await store.update(tx, id, changes));
        await insertAuditEntry(tx, actor, { action: `${targetType}.update`, targetType, targetId: id, before, after });
        return after;
      });
    },

    async reorder(actor: AuditActor, ids: string[]): Promise<Dto[]> {
      return db.transaction(async (tx) => {
        const current = await store.list(tx, { forUpdate: true });
        assertSameIds(
          current.map((row) => row.id),
          ids,
          config.itemName,
        );
        for (const [index, id] of ids.entries()) await store.update(tx, id, { sortOrder: index + 1 });
        await insertAuditEntry(tx, actor, {
          action: `${targetType}.reorder`,
          targetType,
          targetId: null,
          before: { ids: current.map((row) => row.id) },
          after: { ids },
        });
        return (await store.list(tx)).map(toDto);
      });
    },

    /** Soft delete: orders and subscriptions reference these rows, so they are archived, never removed. */
    async archive(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = toDto(await lockedRow(tx, id));
        await store.update(tx, id, { archivedAt: new Date(), isActive: false });
        await insertAuditEntry(tx, actor, { action: `${targetType}.archive`, targetType, targetId: id, before, after: null });
      });
    },
  };
}
