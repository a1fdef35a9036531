import { sql, type SQL } from 'drizzle-orm';
import {
  V,
  type AdminListQuery,
  type adminMilkweedInputSchema,
  type adminMilkweedSchema,
  type adminNamedInputSchema,
  type adminNamedSchema,
} from '@mm/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import type { PanelAccess } from './admin-access';
import { audit, changedFields, idFilter, listPage, textFilter, type ListPage } from './admin-list';

type Milkweed = z.infer<typeof adminMilkweedSchema>;
type MilkweedInput = z.infer<typeof adminMilkweedInputSchema>;
type Named = z.infer<typeof adminNamedSchema>;
type NamedInput = z.infer<typeof adminNamedInputSchema>;

/**
 * A reference table the panel edits. Its rows are never deleted: retiring (`isdeleted`) hides a
 * row from the forms and from `loadparams` while existing observations keep pointing at it.
 */
interface ReferenceTable {
  resource: string;
  table: SQL;
  idColumn: SQL;
  /** Columns the panel writes, in input order. */
  columns: readonly string[];
  /** Text columns searched by `filter.q`. */
  searchable: readonly string[];
  /** A unique column whose duplicate is reported on that field. */
  unique?: string;
}

export const REFERENCE_TABLES = {
  milkweeds: {
    resource: 'milkweeds',
    table: sql`milkweed_species`,
    idColumn: sql`milkweed_id`,
    columns: ['latin_name', 'english_name', 'french_name', 'spanish_name'],
    searchable: ['latin_name', 'english_name', 'french_name', 'spanish_name'],
    unique: 'latin_name',
  },
  reasons: {
    resource: 'reasons',
    table: sql`reasons`,
    idColumn: sql`id`,
    columns: ['name', 'name_fr', 'name_es'],
    searchable: ['name', 'name_fr', 'name_es'],
  },
  abundances: {
    resource: 'abundances',
    table: sql`abundances`,
    idColumn: sql`id`,
    columns: ['name', 'name_fr', 'name_es'],
    searchable: ['name', 'name_fr', 'name_es'],
  },
  locationsizes: {
    resource: 'locationsizes',
    table: sql`locationsizes`,
    idColumn: sql`id`,
    columns: ['name', 'name_fr', 'name_es'],
    searchable: ['name', 'name_fr', 'name_es'],
  },
} as const satisfies Record<string, ReferenceTable>;
export type ReferenceResource = keyof typeof REFERENCE_TABLES;

type Row<R extends ReferenceResource> = R extends 'milkweeds' ? Milkweed : Named;
type Input<R extends ReferenceResource> = R extends 'milkweeds' ? MilkweedInput : NamedInput;

/** A unique-key violation, raised by pg or wrapped by Drizzle (`cause`). */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/** Reference data in the admin panel (Admin only, issue 7): milkweed species, download reasons, abundances, location sizes. */
export function createAdminReferenceService(db: Db) {
  const select = (t: ReferenceTable) => sql`${t.idColumn} AS id, ${sql.raw(t.columns.join(', '))}, isdeleted`;
  const one = async (tx: DbOrTx, t: ReferenceTable, id: number) => {
    const res = await tx.execute(sql`SELECT ${select(t)} FROM ${t.table} WHERE ${t.idColumn} = ${id}`);
    return res.rows[0] ? (res.rows[0] as Record<string, unknown>) : undefined;
  };
  /** Runs a write, reporting a duplicate of the unique column on its field. */
  const guarded = async <T>(t: ReferenceTable, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (t.unique && isUniqueViolation(err)) throw fieldError(t.unique, V.alreadyExists);
      throw err;
    }
  };

  return {
    /** Rows ordered by `sort` (id, any name column, isdeleted); filter by `id`, `q`, `isdeleted`. */
    async list<R extends ReferenceResource>(resource: R, query: AdminListQuery): Promise<ListPage<Row<R>>> {
      const t: ReferenceTable = REFERENCE_TABLES[resource];
      const where: SQL[] = [sql`true`];
      const ids = idFilter(query.filter);
      if (ids)
        where.push(
          ids.length
            ? sql`${t.idColumn} IN (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`
            : sql`false`,
        );
      const q = textFilter(query.filter);
      if (q)
        where.push(
          sql`(${sql.join(
            t.searchable.map((c) => sql`${sql.raw(c)} ILIKE ${q}`),
            sql` OR `,
          )})`,
        );
      if (typeof query.filter.isdeleted === 'boolean') where.push(sql`isdeleted = ${query.filter.isdeleted}`);
      const sortable: Record<string, SQL> = {
        id: t.idColumn,
        isdeleted: sql`isdeleted`,
        ...Object.fromEntries(t.columns.map((c) => [c, sql`lower(${sql.raw(c)})`])),
      };
      return listPage<Row<R>>(
        db,
        {
          select: select(t),
          from: sql`FROM ${t.table}`,
          where: sql.join(where, sql` AND `),
          sortable,
          tieBreaker: t.idColumn,
        },
        query,
      );
    },

    /** @throws 404 */
    async get<R extends ReferenceResource>(resource: R, id: number): Promise<Row<R>> {
      const row = await one(db, REFERENCE_TABLES[resource], id);
      if (!row) throw notFound();
      return row as Row<R>;
    },

    /** Adds a row (next free id) with an audit row. @throws 400 on a duplicate Latin name */
    async create<R extends ReferenceResource>(access: PanelAccess, resource: R, input: Input<R>): Promise<Row<R>> {
      const t: ReferenceTable = REFERENCE_TABLES[resource];
      const values = t.columns.map((c) => sql`${(input as Record<string, unknown>)[c]}`);
      return guarded(t, () =>
        db.transaction(async (tx) => {
          // Ids of these tables are chosen here (seeded ids are fixed); the lock serialises concurrent creations.
          await tx.execute(sql`LOCK TABLE ${t.table} IN SHARE ROW EXCLUSIVE MODE`);
          const res = await tx.execute(
            sql`INSERT INTO ${t.table} (${t.idColumn}, ${sql.raw(t.columns.join(', '))}, isdeleted)
                SELECT coalesce(max(${t.idColumn}), 0) + 1, ${sql.join(values, sql`, `)}, ${input.isdeleted ?? false} FROM ${t.table}
                RETURNING ${t.idColumn} AS id`,
          );
          const id = (res.rows[0] as { id: number }).id;
          const row = (await one(tx, t, id)) as Row<R>;
          await audit(tx, {
            userId: access.user.user_id,
            resource: t.resource,
            recordId: id,
            action: 'create',
            before: null,
            after: row,
          });
          return row;
        }),
      );
    },

    /** Renames or retires/restores a row, with an audit row. @throws 404, 400 on a duplicate Latin name */
    async update<R extends ReferenceResource>(
      access: PanelAccess,
      resource: R,
      id: number,
      input: Partial<Input<R>>,
    ): Promise<Row<R>> {
      const t: ReferenceTable = REFERENCE_TABLES[resource];
      const sets = [...t.columns, 'isdeleted']
        .filter((c) => (input as Record<string, unknown>)[c] !== undefined)
        .map((c) => sql`${sql.raw(c)} = ${(input as Record<string, unknown>)[c]}`);
      return guarded(t, () =>
        db.transaction(async (tx) => {
          const before = await one(tx, t, id);
          if (!before) throw notFound();
          if (sets.length)
            await tx.execute(sql`UPDATE ${t.table} SET ${sql.join(sets, sql`, `)} WHERE ${t.idColumn} = ${id}`);
          const after = (await one(tx, t, id)) as Record<string, unknown>;
          const diff = changedFields(before, after, Object.keys(after));
          if (diff) {
            const onlyRetired = Object.keys(diff.after).join() === 'isdeleted';
            await audit(tx, {
              userId: access.user.user_id,
              resource: t.resource,
              recordId: id,
              action: onlyRetired ? (after.isdeleted ? 'retire' : 'restore') : 'update',
              ...diff,
            });
          }
          return after as Row<R>;
        }),
      );
    },
  };
}
export type AdminReferenceService = ReturnType<typeof createAdminReferenceService>;
