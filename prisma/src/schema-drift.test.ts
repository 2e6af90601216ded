import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import wasm from '@prisma/prisma-schema-wasm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@pp/testing/database';

/**
 * The migrations are hand-written SQL (Prisma Migrate's engine cannot run here), so this test is
 * what keeps them honest: the migrated database and prisma/schema.prisma must describe the same
 * tables, columns (type, nullability, default), enums, indexes and foreign keys.
 */
interface DmmfField {
  name: string;
  kind: 'scalar' | 'object' | 'enum';
  type: string;
  isRequired: boolean;
  isList: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  default?: { name: string } | string | number | boolean;
  nativeType: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface Dmmf {
  datamodel: {
    models: { name: string; fields: DmmfField[] }[];
    enums: { name: string; values: { name: string }[] }[];
    indexes: { model: string; type: 'id' | 'unique' | 'normal' | 'fulltext'; fields: { name: string }[] }[];
  };
}

/**
 * Indexes on an expression or of some rows only (partial), which Prisma's schema cannot declare (the
 * model's comment names them): the migrations must make exactly these, and the column comparison
 * below leaves them out.
 */
const UNDECLARABLE_INDEXES: Record<string, string[]> = {
  PartnerIdentifier: ['PartnerIdentifier_bank_account_idx'],
  Grievance: ['Grievance_open_due_idx', 'Grievance_open_scope_idx', 'Grievance_open_submitted_idx'],
  SharedHolder: ['SharedHolder_name_search_idx', 'SharedHolder_number_search_idx', 'SharedHolder_value_search_idx'],
};

/** Tables kept without WAL (Prisma cannot declare it; their model's comment says so): lost on a crash by design. */
const UNLOGGED_TABLES = ['ConcurrencyLease', 'RateLimitBucket'];

const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../schema.prisma');
const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: await readFile(schemaFile, 'utf8') }))) as Dmmf;
const { url } = await createTestDatabase();
const client = new pg.Client({ connectionString: url });

beforeAll(() => client.connect());
// Registered after createTestDatabase's drop, so it runs before it (after-hooks run as a stack).
afterAll(() => client.end());

const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await client.query<T>(sql, params)).rows;

function expectedType(field: DmmfField): string {
  if (field.kind === 'enum') return `"${field.type}"`;
  const [native, args] = field.nativeType ?? [null, []];
  if (native === 'VarChar') return `character varying(${args[0]})`;
  if (native === 'Char') return `character(${args[0]})`;
  if (native === 'Uuid') return 'uuid';
  if (native === 'SmallInt') return 'smallint';
  if (native === 'Date') return 'date';
  if (native === 'Decimal') return `numeric(${args[0]},${args[1]})`;
  if (native) throw new Error(`Add a mapping for native type ${native}`);
  const byType: Record<string, string> = {
    Int: 'integer',
    BigInt: 'bigint',
    String: 'text',
    Boolean: 'boolean',
    DateTime: 'timestamp(3) without time zone',
    Float: 'double precision',
    Json: 'jsonb',
  };
  const mapped = byType[field.type];
  if (!mapped) throw new Error(`Add a mapping for type ${field.type}`);
  return mapped;
}

/** Defaults the database applies (not Prisma's client-side ones: uuid(), cuid(), @updatedAt). */
function hasDatabaseDefault(field: DmmfField): boolean {
  if (!field.hasDefaultValue || field.isUpdatedAt) return false;
  const d = field.default;
  return !(typeof d === 'object' && d !== null && ['uuid', 'cuid', 'nanoid', 'ulid'].includes(d.name));
}

const ON_DELETE: Record<string, string> = { a: 'NoAction', r: 'Restrict', c: 'Cascade', n: 'SetNull', d: 'SetDefault' };
const defaultOnDelete = (field: DmmfField, required: boolean) => field.relationOnDelete ?? (required ? 'Restrict' : 'SetNull');

describe('migrated database matches prisma/schema.prisma', () => {
  it('has exactly the tables of the models', async () => {
    const tables = await rows<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('_prisma_migrations', '_pp_repeatable')",
    );
    expect(tables.map((t) => t.tablename).sort()).toEqual(dmmf.datamodel.models.map((m) => m.name).sort());
  });

  it('keeps exactly the unlogged tables unlogged', async () => {
    const unlogged = await rows<{ relname: string }>(
      "SELECT relname FROM pg_class WHERE relkind = 'r' AND relpersistence = 'u' AND relnamespace = 'public'::regnamespace",
    );
    expect(unlogged.map((t) => t.relname).sort()).toEqual(UNLOGGED_TABLES);
  });

  it('has the enums with the same values in the same order', async () => {
    const found = await rows<{ name: string; values: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
    );
    expect(Object.fromEntries(found.map((e) => [e.name, e.values]))).toEqual(
      Object.fromEntries(dmmf.datamodel.enums.map((e) => [e.name, e.values.map((v) => v.name)])),
    );
  });

  for (const model of dmmf.datamodel.models) {
    it(`${model.name}: columns agree in type, nullability and default`, async () => {
      const columns = await rows<{ name: string; type: string; notnull: boolean; hasdefault: boolean }>(
        `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull, a.atthasdef AS hasdefault
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped`,
        [model.name],
      );
      const scalars = model.fields.filter((f) => f.kind !== 'object');
      const expected = Object.fromEntries(
        // Prisma keeps scalar lists in nullable array columns (and reads NULL as []).
        scalars.map((f) => [
          f.name,
          f.isList
            ? { type: `${expectedType(f)}[]`, notnull: false, hasdefault: hasDatabaseDefault(f) }
            : { type: expectedType(f), notnull: f.isRequired, hasdefault: hasDatabaseDefault(f) },
        ]),
      );
      const actual = Object.fromEntries(
        columns.map((c) => [c.name, { type: c.type, notnull: c.notnull, hasdefault: c.hasdefault }]),
      );
      expect(actual).toEqual(expected);
    });

    it(`${model.name}: primary key, unique and plain indexes agree`, async () => {
      const indexes = await rows<{ name: string; undeclarable: boolean; primary: boolean; unique: boolean; columns: string[] }>(
        `SELECT ic.relname AS name, (i.indexprs IS NOT NULL OR i.indpred IS NOT NULL) AS undeclarable, i.indisprimary AS primary, i.indisunique AS unique,
                array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_class ic ON ic.oid = i.indexrelid
         WHERE n.nspname = 'public' AND c.relname = $1`,
        [model.name],
      );
      expect(
        indexes
          .filter((i) => i.undeclarable)
          .map((i) => i.name)
          .sort(),
      ).toEqual(UNDECLARABLE_INDEXES[model.name] ?? []);
      const describe = (kind: string, cols: string[]) => `${kind}(${cols.join(',')})`;
      const actual = indexes
        .filter((i) => !i.undeclarable)
        .map((i) => describe(i.primary ? 'id' : i.unique ? 'unique' : 'normal', i.columns))
        .sort();
      const expected = dmmf.datamodel.indexes
        .filter((i) => i.model === model.name)
        .map((i) =>
          describe(
            i.type,
            i.fields.map((f) => f.name),
          ),
        )
        .sort();
      expect(actual).toEqual(expected);
    });

    it(`${model.name}: foreign keys agree with the relations`, async () => {
      const fks = await rows<{ columns: string[]; target: string; target_columns: string[]; on_delete: string }>(
        `SELECT array(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns,
                tc.relname::text AS target,
                array(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS target_columns,
                con.confdeltype::text AS on_delete
         FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class tc ON tc.oid = con.confrelid
         WHERE con.contype = 'f' AND c.relname = $1`,
        [model.name],
      );
      const actual = fks
        .map((f) => `${f.columns.join(',')} -> ${f.target}(${f.target_columns.join(',')}) on delete ${ON_DELETE[f.on_delete]}`)
        .sort();
      const expected = model.fields
        .filter((f) => f.kind === 'object' && f.relationFromFields && f.relationFromFields.length > 0)
        .map((f) => {
          const required = f.relationFromFields!.every((name) => model.fields.find((s) => s.name === name)?.isRequired);
          return `${f.relationFromFields!.join(',')} -> ${f.type}(${f.relationToFields!.join(',')}) on delete ${defaultOnDelete(f, required)}`;
        })
        .sort();
      expect(actual).toEqual(expected);
    });
  }
});
