import { getTableColumns, isTable } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { INTEGER_COLUMNS } from '@mm/shared';
import * as schema from '../src/db/schema';
import { integerTypeOf } from '../src/lib/integer-columns';

describe('INTEGER_COLUMNS follows apps/server/src/db/schema.ts', () => {
  it('gives each integer field the type its column has in every table', () => {
    const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => isTable(t));
    const seen = new Map<string, string[]>();
    for (const table of tables) {
      for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
        if (!(column.name in INTEGER_COLUMNS)) continue;
        seen.set(column.name, [...(seen.get(column.name) ?? []), integerTypeOf(column)]);
      }
    }
    for (const [name, type] of Object.entries(INTEGER_COLUMNS)) {
      const types = seen.get(name) ?? [];
      expect(types.length, `${name} is a column of the schema`).toBeGreaterThan(0);
      expect(new Set(types), name).toEqual(new Set([type]));
    }
  });
});
