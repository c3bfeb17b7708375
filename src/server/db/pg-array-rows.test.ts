import pg from 'pg';
import Result from 'pg/lib/result.js';
import { describe, expect, it } from 'vitest';
import { type PgResult, skipRowTemplateForArrayRows } from './pg-array-rows.js';

type Constructible = new (rowMode?: string, types?: unknown) => PgResult & { parseRow(row: (string | null)[]): unknown; _prebuiltEmptyResultObject: unknown };
const ResultClass = Result as unknown as Constructible;
const field = (name: string, dataTypeID: number) => ({ name, dataTypeID, format: 'text', tableID: 0, columnID: 0, dataTypeSize: -1, dataTypeModifier: -1 });
const fields = [field('id', 23), field('at', 1184), field('tags', 1009)];
const row = ['7', '2026-11-29 06:00:00.123+00', '{a,b}'];

describe("node-postgres's result columns (decision 085)", () => {
  skipRowTemplateForArrayRows(Result, pg.types);

  it('reads array rows with each column parsed, and builds no row template for them', () => {
    const result = new ResultClass('array');
    result.addFields(fields);
    expect(result.fields).toBe(fields);
    expect(result._prebuiltEmptyResultObject).toBeNull();
    expect(result.parseRow(row)).toEqual([7, new Date('2026-11-29T06:00:00.123Z'), ['a', 'b']]);
    expect(result.parseRow([null, null, null])).toEqual([null, null, null]);
  });

  it('leaves object rows as node-postgres builds them', () => {
    const result = new ResultClass();
    result.addFields(fields);
    expect(result.parseRow(row)).toEqual({ id: 7, at: new Date('2026-11-29T06:00:00.123Z'), tags: ['a', 'b'] });
  });

  it("uses a client's own type parsers when it has them", () => {
    const types = { getTypeParser: (oid: number) => (value: string) => `${oid}:${value}` };
    const result = new ResultClass('array', types);
    result.addFields([field('id', 23)]);
    expect(result.parseRow(['7'])).toEqual(['23:7']);
  });

  it('is installed once, however many pools open', () => {
    const installed = Result.prototype.addFields;
    skipRowTemplateForArrayRows(Result, pg.types);
    expect(Result.prototype.addFields).toBe(installed);
  });
});
