import path from 'node:path';
import ts from 'typescript';

/** What a declared column type can hold, once null and undefined are taken out. */
export type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'Uint8Array' | 'string[]' | 'number[]' | 'object' | 'unknown';

/** One property of a table interface, as Kysely sees it on select and on insert. */
export interface DeclaredColumn {
  /** What a select returns, as TypeScript prints it. */
  select: string;
  kinds: Kind[];
  nullable: boolean;
  /** 'required', 'optional', or 'absent' (insert type `never`). */
  insert: 'required' | 'optional' | 'absent';
}

const DATABASE_FILE = path.join(import.meta.dirname, 'database.ts');
const PROBE_FILE = path.join(import.meta.dirname, '__row-types-probe__.ts');
// Selectable and Insertable are what every query sees, so they are what the database is checked against.
const PROBE = `import type { Insertable, Selectable } from 'kysely';
import type { Database } from './database.ts';
export type Selects = { [K in keyof Database]: Selectable<Database[K]> };
export type Inserts = { [K in keyof Database]: Insertable<Database[K]> };
`;

/** Reads `Database` in database.ts through the TypeScript compiler: table name -> column name -> declared column. */
export function declaredTables(): Record<string, Record<string, DeclaredColumn>> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (path.resolve(name) === PROBE_FILE ? ts.createSourceFile(name, PROBE, lang) : read(name, lang, ...rest));
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === PROBE_FILE || exists(name);
  const program = ts.createProgram([PROBE_FILE, DATABASE_FILE], options, host);
  const errors = ts.getPreEmitDiagnostics(program);
  if (errors.length) throw new Error(ts.formatDiagnostics(errors, host));
  const checker = program.getTypeChecker();
  const probe = program.getSourceFile(PROBE_FILE)!;
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(probe)!);
  const alias = (name: string) => checker.getDeclaredTypeOfSymbol(exported.find((s) => s.name === name)!);
  const selects = alias('Selects');
  const inserts = alias('Inserts');

  const out: Record<string, Record<string, DeclaredColumn>> = {};
  for (const table of checker.getPropertiesOfType(selects)) {
    const row = checker.getTypeOfSymbol(table);
    const insertRow = checker.getTypeOfSymbol(checker.getPropertyOfType(inserts, table.name)!);
    const columns: Record<string, DeclaredColumn> = {};
    for (const column of checker.getPropertiesOfType(row)) {
      const type = checker.getTypeOfSymbol(column);
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
      const kinds = [...new Set(parts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))).map((t) => kindOf(checker, t)))];
      const insertProp = checker.getPropertyOfType(insertRow, column.name);
      const insert = !insertProp ? 'absent' : insertProp.flags & ts.SymbolFlags.Optional ? 'optional' : 'required';
      columns[column.name] = { select: checker.typeToString(type), kinds, nullable, insert };
    }
    out[table.name] = columns;
  }
  return out;
}

function kindOf(checker: ts.TypeChecker, t: ts.Type): Kind {
  if (t.flags & ts.TypeFlags.StringLike) return 'string';
  if (t.flags & ts.TypeFlags.NumberLike) return 'number';
  if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (checker.isArrayType(t)) {
    const element = checker.getTypeArguments(t as ts.TypeReference)[0];
    const inner = element ? kindOf(checker, element) : 'unknown';
    return inner === 'string' ? 'string[]' : inner === 'number' ? 'number[]' : 'object';
  }
  const name = t.getSymbol()?.name;
  if (name === 'Date') return 'Date';
  if (name === 'Uint8Array' || name === 'Buffer') return 'Uint8Array';
  if (t.flags & ts.TypeFlags.Object) return 'object';
  return 'unknown';
}

/** A column as information_schema describes it. */
export interface DatabaseColumn {
  udt: string;
  nullable: boolean;
  /** Has a default, an identity or a generated value: an insert may leave it out. */
  defaulted: boolean;
}

/**
 * What each PostgreSQL type reads back as through node-postgres (client.ts parses int8 as a number):
 * `must` is the kind a select returns; `may` are kinds the interface may also name (writes accept them).
 */
export const PG_KINDS: Record<string, { must: Kind; may?: Kind[] }> = {
  int2: { must: 'number' },
  int4: { must: 'number' },
  int8: { must: 'number' },
  float4: { must: 'number' },
  float8: { must: 'number' },
  numeric: { must: 'string' },
  text: { must: 'string' },
  varchar: { must: 'string' },
  bpchar: { must: 'string' },
  citext: { must: 'string' },
  uuid: { must: 'string' },
  inet: { must: 'string' },
  bool: { must: 'boolean' },
  timestamptz: { must: 'Date', may: ['string'] },
  timestamp: { must: 'Date', may: ['string'] },
  // client.ts reads a date column as its 'YYYY-MM-DD' text (decision 0065).
  date: { must: 'string' },
  jsonb: { must: 'object', may: ['string[]', 'number[]'] },
  json: { must: 'object', may: ['string[]', 'number[]'] },
  bytea: { must: 'Uint8Array' },
  _text: { must: 'string[]' },
  _varchar: { must: 'string[]' },
  _int4: { must: 'number[]' },
  _int2: { must: 'number[]' },
};

/** Every way database.ts differs from the migrated schema, one line each, saying what to change where. */
export function rowTypeDrift(declared: Record<string, Record<string, DeclaredColumn>>, actual: Record<string, Record<string, DatabaseColumn>>): string[] {
  const at = 'packages/db/src/database.ts';
  const problems: string[] = [];
  for (const table of Object.keys(actual).sort()) {
    const columns = declared[table];
    if (!columns) {
      problems.push(`table ${table}: no entry in \`Database\` (${at}); add \`${table}: …Table\` with an interface for its columns`);
      continue;
    }
    for (const [name, col] of Object.entries(actual[table]!)) {
      const d = columns[name];
      const where = `${table}.${name} (${at})`;
      if (!d) {
        problems.push(`${where}: column missing from the table's interface; add \`${name}\` (${col.udt}${col.nullable ? ', nullable' : ''})`);
        continue;
      }
      const rule = PG_KINDS[col.udt];
      if (!rule) {
        problems.push(`${where}: PostgreSQL type ${col.udt} is not known to PG_KINDS in packages/db/src/row-types.ts; add what it reads back as`);
      } else {
        const allowed = [rule.must, ...(rule.may ?? [])];
        const wrong = d.kinds.filter((k) => !allowed.includes(k));
        if (!d.kinds.includes(rule.must) || wrong.length) problems.push(`${where}: declared \`${d.select}\` but ${col.udt} reads back as ${rule.must}`);
      }
      if (col.nullable !== d.nullable)
        problems.push(
          `${where}: the column is ${col.nullable ? 'nullable' : 'not null'} but the select type \`${d.select}\` ${d.nullable ? 'includes' : 'lacks'} null`,
        );
      if (!col.nullable && !col.defaulted && d.insert !== 'required')
        problems.push(
          `${where}: not null without a default, so an insert must give it, but the interface makes it ${d.insert} (Generated or ColumnType with undefined/never)`,
        );
    }
    for (const name of Object.keys(columns))
      if (!(name in actual[table]!)) problems.push(`${table}.${name} (${at}): no such column in the migrated schema; remove it or add a migration`);
  }
  for (const table of Object.keys(declared))
    if (!(table in actual)) problems.push(`table ${table} (${at}): in \`Database\` but not in the migrated schema; remove it or add a migration`);
  return problems;
}
