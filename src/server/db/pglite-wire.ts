import { messages, type PGlite, protocol } from '@electric-sql/pglite';
import type { QueryResult, RowMode } from './pglite-protocol.ts';

/**
 * Statements on the embedded database in one crossing each, planned once (docs/decisions/058).
 *
 * PGlite's own `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six crossings into the
 * WebAssembly, has PostgreSQL parse and plan the text every time, and copies every field of every row into an
 * ArrayBuffer of its own before decoding it. Under a busy admin's list reads that was most of the database
 * thread's processor. Here a statement's text is parsed once into a named prepared statement, whose parameter
 * and column types are kept; each run is then Bind, Execute and Sync in one crossing, and fields are decoded
 * where they lie in the reply. Values are serialised and parsed by PGlite's own type tables, as `query` does.
 */

type Parser = (text: string, typeId: number) => unknown;

export interface WireQuery {
  sql: string;
  params: unknown[];
  rowMode: RowMode;
  /** Parsers by type OID that replace PGlite's defaults (drizzle keeps some types as text). */
  parsers: Record<number, Parser>;
}

interface Field {
  name: string;
  dataTypeID: number;
}

interface Statement {
  name: string;
  paramTypes: number[];
  fields: Field[];
}

/** Prepared statements kept at most; the application has a few hundred shapes, one-off texts come and go. */
const MAX_STATEMENTS = 500;
/**
 * Texts longer, or with more parameters, are run once through the unnamed statement instead: a list of a
 * thousand ids is rarely sent twice, and each kept plan stays in the database's memory, which never shrinks.
 */
const MAX_KEPT_TEXT = 8_192;
const MAX_KEPT_PARAMS = 100;

/** Command tags after which a kept statement may describe tables that have changed shape. */
const SCHEMA_CHANGES = new Set(['CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'COMMENT', 'GRANT', 'REVOKE', 'REINDEX']);
/** Command tags whose count PGlite adds to `affectedRows`. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** PostgreSQL's error fields by their one-letter codes, as PGlite's DatabaseError names them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  V: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

const { serialize } = protocol;
const decoder = new TextDecoder();

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** What one crossing answered, read message by message. */
interface Reply {
  paramTypes?: number[];
  fields?: Field[];
  rows: Array<Array<string | null>>;
  tags: string[];
  error?: Error;
}

function readCString(bytes: Uint8Array, at: number): [string, number] {
  const end = bytes.indexOf(0, at);
  return [decoder.decode(bytes.subarray(at, end)), end + 1];
}

function readError(bytes: Uint8Array, start: number, length: number): Error {
  const fields: Record<string, string> = {};
  let at = start;
  while (bytes[at] !== 0 && at < start + length) {
    const code = String.fromCharCode(bytes[at] as number);
    const [value, next] = readCString(bytes, at + 1);
    fields[code] = value;
    at = next;
  }
  const error = new messages.DatabaseError(fields.M ?? 'Unknown database error', length, 'error');
  for (const [code, value] of Object.entries(fields)) {
    const key = ERROR_FIELDS[code];
    if (key) Object.assign(error, { [key]: value });
  }
  return error;
}

function readReply(bytes: Uint8Array): Reply {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reply: Reply = { rows: [], tags: [] };
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at] as number;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    at += 1 + length;
    switch (type) {
      case 0x44: {
        // DataRow
        const count = view.getInt16(body);
        const row = new Array<string | null>(count);
        let field = body + 2;
        for (let index = 0; index < count; index++) {
          const size = view.getInt32(field);
          field += 4;
          if (size < 0) row[index] = null;
          else {
            row[index] = decoder.decode(bytes.subarray(field, field + size));
            field += size;
          }
        }
        reply.rows.push(row);
        break;
      }
      case 0x54: {
        // RowDescription
        const count = view.getInt16(body);
        const fields: Field[] = [];
        let field = body + 2;
        for (let index = 0; index < count; index++) {
          const [name, next] = readCString(bytes, field);
          fields.push({ name, dataTypeID: view.getInt32(next + 6) });
          field = next + 18;
        }
        reply.fields = fields;
        break;
      }
      case 0x6e: // NoData
        reply.fields = [];
        break;
      case 0x74: {
        // ParameterDescription
        const count = view.getInt16(body);
        reply.paramTypes = Array.from({ length: count }, (_, index) => view.getInt32(body + 2 + index * 4));
        break;
      }
      case 0x43: // CommandComplete
        reply.tags.push(readCString(bytes, body)[0]);
        break;
      case 0x45: // ErrorResponse: the first one is the statement's error; the rest is skipped until Sync
        reply.error ??= readError(bytes, body, length - 4);
        break;
      default:
      // ParseComplete, BindComplete, CloseComplete, ReadyForQuery, notices, parameter status: nothing to keep.
    }
  }
  return reply;
}

export interface Wire {
  /** Runs one statement; `inTransaction` leaves the data files' sync to the transaction's end, as PGlite does. */
  query(request: WireQuery, inTransaction: boolean): Promise<QueryResult>;
  /** Runs a statement without parameters through the simple protocol (BEGIN, COMMIT, ROLLBACK); its tag. */
  command(text: string, inTransaction: boolean): Promise<string>;
}

export function createWire(pg: PGlite, maxStatements = MAX_STATEMENTS): Wire {
  // The instance's tables: PGlite's defaults and the array types it learned from the database as it opened.
  const defaultParsers = pg.parsers as Record<number, Parser>;
  const defaultSerializers = pg.serializers as Record<number, (value: unknown) => string>;
  /** Kept statements by text, least recently used first. */
  const statements = new Map<string, Statement>();
  /** Statements to close with the next crossing. */
  const closing: string[] = [];
  let nextName = 0;
  /** A schema change inside the open transaction: its end, commit or rollback, changes the tables again. */
  let isSchemaChangedInTransaction = false;

  async function cross(parts: Uint8Array[], inTransaction: boolean): Promise<Reply> {
    const pending = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
    // The stream's callback takes the reply as PostgreSQL writes it; `execProtocolRaw` would parse it all too.
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(concat([...pending, ...parts, serialize.sync()]), {
      syncToFs: !inTransaction,
      // Each chunk is a view of the database's memory, reused by the next write.
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    const reply = readReply(concat(chunks));
    if (reply.tags.some((tag) => SCHEMA_CHANGES.has(tag.split(' ')[0] ?? ''))) {
      forgetAll();
      isSchemaChangedInTransaction = inTransaction;
    }
    return reply;
  }

  function forgetAll() {
    for (const statement of statements.values()) closing.push(statement.name);
    statements.clear();
  }

  async function prepare(text: string, paramCount: number, inTransaction: boolean): Promise<Statement> {
    const kept = statements.get(text);
    if (kept) {
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    const isKept = text.length <= MAX_KEPT_TEXT && paramCount <= MAX_KEPT_PARAMS;
    // The unnamed statement lasts until the next one is parsed: its run follows at once, on the same turn.
    const name = isKept ? `rollick_${++nextName}` : '';
    const reply = await cross(
      [serialize.parse({ name, text }), serialize.describe({ type: 'S', name })],
      inTransaction,
    );
    if (reply.error) throw reply.error;
    const statement = { name, paramTypes: reply.paramTypes ?? [], fields: reply.fields ?? [] };
    if (!isKept) return statement;
    statements.set(text, statement);
    if (statements.size > maxStatements) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        closing.push(oldest[1].name);
      }
    }
    return statement;
  }

  function serializeParams(statement: Statement, params: unknown[]): Array<string | null> {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = defaultSerializers[statement.paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
  }

  async function run(request: WireQuery, inTransaction: boolean): Promise<QueryResult> {
    const statement = await prepare(request.sql, request.params.length, inTransaction);
    const values = serializeParams(statement, request.params);
    const reply = await cross(
      [serialize.bind({ statement: statement.name, values }), serialize.execute({})],
      inTransaction,
    );
    if (reply.error) throw Object.assign(reply.error, { statementName: statement.name });
    const { fields } = statement;
    const parsers = fields.map(({ dataTypeID }) => request.parsers[dataTypeID] ?? defaultParsers[dataTypeID]);
    const parse = (text: string | null, index: number) => {
      if (text === null) return null;
      const parser = parsers[index];
      return parser ? parser(text, fields[index]?.dataTypeID ?? 0) : text;
    };
    const rows =
      request.rowMode === 'array'
        ? reply.rows.map((row) => row.map(parse))
        : reply.rows.map((row) => {
            const object: Record<string, unknown> = {};
            for (let index = 0; index < row.length; index++) {
              object[fields[index]?.name ?? ''] = parse(row[index] ?? null, index);
            }
            return object;
          });
    let affectedRows = 0;
    for (const tag of reply.tags) {
      const words = tag.split(' ');
      if (COUNTED.has(words[0] ?? '')) affectedRows += Number(words.at(-1)) || 0;
    }
    return { rows, fields, affectedRows };
  }

  return {
    async query(request, inTransaction) {
      try {
        return await run(request, inTransaction);
      } catch (error) {
        // A kept plan whose table changed shape behind it (a schema change this thread did not see end):
        // outside a transaction the statement is prepared afresh and run once more.
        const { code, message } = error as { code?: string; message?: string };
        const isStalePlan = code === '0A000' && message?.startsWith('cached plan must not change result type') === true;
        if (!isStalePlan || inTransaction) throw error;
        forgetAll();
        return run(request, inTransaction);
      }
    },
    async command(text, inTransaction) {
      const reply = await cross([serialize.query(text)], inTransaction);
      const tag = reply.tags.at(-1) ?? '';
      if ((tag === 'COMMIT' || tag === 'ROLLBACK') && isSchemaChangedInTransaction) {
        forgetAll();
        isSchemaChangedInTransaction = false;
      }
      if (reply.error) throw reply.error;
      return tag;
    },
  };
}
