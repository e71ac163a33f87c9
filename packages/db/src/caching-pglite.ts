import { PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  /** Type ids of the parameters, as the statement's description gave them. */
  paramTypes: number[];
  /** Its RowDescription, or none for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined;
}

/**
 * PGlite with the statement cache of the PostgreSQL pool (decision 0047, client.ts), for the
 * same reason: PGlite's `query` parses, analyses and plans every statement anew (an unnamed
 * statement), and in PGlite that happens on this process's main thread. Here a statement with
 * parameters is prepared under a name the first time it runs and later runs only bind and
 * execute it, through PGlite's own protocol API (`execProtocolStream`, `protocol.serialize`,
 * `parse.parseResults`), under its own locks, with its serializers and parsers.
 * Measured (decision 0051): the volunteer sign-up's statement 800-1,000 µs parsed each time,
 * about 600 µs prepared; with its confirmation's outbox row, prepared, 96% of the rate without.
 * The rules of the pool's cache hold: at most STATEMENT_CACHE names, statements without
 * parameters unnamed (scripts), and a statement refused after its table's columns changed
 * (SQLSTATE 0A000) fails that call and is prepared afresh next time.
 */
export class CachingPGlite extends PGlite {
  #statements = new Map<string, Prepared>();
  #next = 0;
  readonly #limit: number;

  constructor(dataDir: string | undefined, limit: number) {
    super(dataDir);
    this.#limit = limit;
  }

  #cacheable(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): params is unknown[] {
    if (!params || params.length === 0 || options?.blob) return false;
    return this.#statements.has(text) || this.#statements.size < this.#limit;
  }

  override async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#cacheable(text, params, options)) return super.query<T>(text, params, options);
    await this._checkReady();
    // As PGlite's own query: not in the middle of another caller's transaction.
    return this._runExclusiveTransaction(() => this.#run<T>(text, params, options, false));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> =>
        this.#cacheable(text, params, options) ? this.#run<R>(text, params, options, true) : tx.query<R>(text, params, options);
      // The transaction as PGlite made it (its `closed` included), with the cached query.
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  #run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      const send = (message: Uint8Array) => this.execProtocolStream(message, { syncToFs: false });
      const messages: BackendMessage[] = [];
      let prepared = this.#statements.get(text);
      try {
        if (!prepared) {
          // A new name each time: one whose preparation failed half-way is never reused.
          const name = `post_${this.#next++}`;
          await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
          const described = await send(protocol.serialize.describe({ type: 'S', name }));
          prepared = {
            name,
            paramTypes: parse.parseDescribeStatementResults(described),
            rowDescription: described.find((m) => m.name === 'rowDescription'),
          };
          this.#statements.set(text, prepared);
        }
        const { paramTypes } = prepared;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = options?.serializers?.[paramTypes[i]!] ?? this.serializers[paramTypes[i]!];
          return serialize ? serialize(value) : String(value);
        });
        messages.push(...(await send(protocol.serialize.bind({ statement: prepared.name, values }))));
        if (prepared.rowDescription) messages.push(prepared.rowDescription);
        messages.push(...(await send(protocol.serialize.execute({}))));
      } catch (e) {
        if ((e as { code?: string }).code === '0A000') this.#statements.delete(text);
        throw e;
      } finally {
        // After an error the server skips everything up to the Sync; always send it.
        await send(protocol.serialize.sync());
      }
      if (!inTransaction) await this.syncToFs();
      return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
    });
  }
}
