import type { CustomTypesConfig, FieldDef } from 'pg';

// Below the features: how node-postgres reads a result's columns, for drizzle's array rows (decision 085).

/** What addFields touches of node-postgres's Result (pg/lib/result.js, pg 8.23). */
export interface PgResult {
  rowAsArray: boolean;
  fields: FieldDef[];
  _parsers: ((value: string) => unknown)[] | undefined;
  _types: CustomTypesConfig | undefined;
  addFields(fieldDescriptions: FieldDef[]): void;
}

type ResultClass = { prototype: PgResult };

const patched = new WeakSet<object>();

/**
 * node-postgres builds, for every result, an empty row object with a key per column (a null-
 * prototype object, then a spread of it) that only its object rows use (node-postgres issue 3055).
 * drizzle asks for array rows, so on each of its statements that work was thrown away: about 10 µs
 * for a statement of 30 columns. For array rows this addFields keeps the column descriptions and
 * their parsers and builds nothing else; object rows keep node-postgres's own.
 */
export function skipRowTemplateForArrayRows(Result: ResultClass, defaultTypes: CustomTypesConfig): void {
  if (patched.has(Result)) return;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with call(this) below
  const original = Result.prototype.addFields;
  if (typeof original !== 'function') throw new TypeError("node-postgres's Result has no addFields: see decision 085");
  Result.prototype.addFields = function addFields(this: PgResult, fieldDescriptions: FieldDef[]) {
    if (!this.rowAsArray) {
      original.call(this, fieldDescriptions);
      return;
    }
    this.fields = fieldDescriptions;
    const parsers = new Array<(value: string) => unknown>(fieldDescriptions.length);
    const types = this._types ?? defaultTypes;
    for (let i = 0; i < fieldDescriptions.length; i++) {
      const field = fieldDescriptions[i]!;
      parsers[i] = types.getTypeParser(field.dataTypeID, field.format === 'binary' ? 'binary' : 'text') as (value: string) => unknown;
    }
    if (fieldDescriptions.length > 0) this._parsers = parsers;
  };
  patched.add(Result);
}
