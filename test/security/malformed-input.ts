/**
 * Generates hostile input from the zod contracts a route declares, so a new route or field is
 * covered without touching the bad-input suite. Every case generated here must be refused: the
 * generator only produces values that break a rule the contract itself states (a type, a bound,
 * a required field, a closed object), plus transport-level damage no route may accept.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { multipart, type MultipartFile } from '#test/support/multipart.js';

type AnySchema = z.ZodType;

/** What the generator knows about one field, read off its zod schema. */
export interface FieldModel {
  kind: 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'null' | 'literal' | 'unknown' | 'other';
  isOptional: boolean;
  isNullable: boolean;
  /** z.coerce.number(): text of a number is valid input. */
  isCoerced: boolean;
  min?: number;
  max?: number;
  /** For numbers: the lower bound itself is refused (.positive()). */
  isMinExclusive?: boolean;
  isInteger?: boolean;
  /** An enum's choices. */
  choices?: unknown[];
  element?: FieldModel;
  fields?: Record<string, FieldModel>;
  isStrict?: boolean;
  schema: AnySchema;
}

/** A JSON value sent as the body (or as a multipart field's JSON text). */
export interface ValueCase {
  name: string;
  value: unknown;
}

/** Bytes sent as they are, with their own headers. */
export interface RawCase {
  name: string;
  payload: Buffer | string;
  headers: Record<string, string>;
}

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const defOf = (schema: AnySchema) => (schema as unknown as ZodInternals)._zod.def;
interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  format?: string;
}
const checksOf = (schema: AnySchema): CheckDef[] =>
  ((defOf(schema).checks as ZodInternals[] | undefined) ?? []).map((check) => check._zod.def as unknown as CheckDef);

/** Reads a zod 4 schema into a FieldModel: wrappers (optional, nullable, default, pipe) are unwrapped. */
export function describeSchema(schema: AnySchema): FieldModel {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return { ...describeSchema(def.innerType as AnySchema), isOptional: true, schema };
    case 'nullable':
      return { ...describeSchema(def.innerType as AnySchema), isNullable: true, schema };
    case 'readonly':
    case 'catch':
      return { ...describeSchema(def.innerType as AnySchema), schema };
    case 'pipe': {
      // z.preprocess(fn, inner) is a pipe whose input side is a transform: the output side holds the rules.
      const input = def.in as AnySchema;
      if (defOf(input).type !== 'transform') return { ...describeSchema(input), schema };
      // Preprocessed numbers (numberOrNumericText) take the text of a number as well.
      const output = describeSchema(def.out as AnySchema);
      return { ...output, isCoerced: output.isCoerced || output.kind === 'number', schema };
    }
  }
  const base = { isOptional: false, isNullable: false, isCoerced: Boolean(def.coerce), schema };
  switch (def.type) {
    case 'string': {
      const model: FieldModel = { ...base, kind: 'string' };
      for (const check of checksOf(schema)) {
        if (check.check === 'min_length') model.min = check.minimum;
        if (check.check === 'max_length') model.max = check.maximum;
      }
      return model;
    }
    case 'number': {
      const model: FieldModel = { ...base, kind: 'number' };
      for (const check of checksOf(schema)) {
        if (check.check === 'number_format' && check.format?.includes('int')) model.isInteger = true;
        if (check.check === 'greater_than') Object.assign(model, { min: check.value, isMinExclusive: !check.inclusive });
        if (check.check === 'less_than') model.max = check.value;
      }
      return model;
    }
    case 'array': {
      const model: FieldModel = { ...base, kind: 'array', element: describeSchema(def.element as AnySchema) };
      for (const check of checksOf(schema)) {
        if (check.check === 'min_length') model.min = check.minimum;
        if (check.check === 'max_length') model.max = check.maximum;
      }
      return model;
    }
    case 'object': {
      const shape = def.shape as Record<string, AnySchema>;
      const catchall = def.catchall as AnySchema | undefined;
      return {
        ...base,
        kind: 'object',
        fields: Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, describeSchema(field)])),
        isStrict: catchall !== undefined && defOf(catchall).type === 'never',
      };
    }
    case 'enum':
      return { ...base, kind: 'enum', choices: Object.values(def.entries as object) };
    case 'boolean':
    case 'null':
    case 'literal':
    case 'unknown':
      return { ...base, kind: def.type };
    default:
      return { ...base, kind: 'other' };
  }
}

/** Values tried, in order, when a field needs a valid sample; the field's own schema picks the first it accepts. */
const sampleCandidates: unknown[] = [
  'https://example.test/finishline',
  'someone@example.test',
  '2031-05-17',
  '12/34',
  '123',
  '4242424242424242',
  'A perfectly ordinary value that satisfies the usual minimum lengths of text fields.',
  'Valid',
  'abc',
  'a',
  5,
  1,
  0,
  true,
  false,
  null,
];

/**
 * A value the schema accepts, built field by field so that mutating one field leaves the others
 * valid. Throws with the field's path when nothing fits: give the generator a sample (hints).
 */
export function sampleValid(schema: AnySchema, hints: Record<string, unknown> = {}, path = 'body'): unknown {
  const model = describeSchema(schema);
  if (model.kind === 'object' && model.fields) {
    const value: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(model.fields)) {
      if (field.kind === 'unknown') continue;
      value[key] = key in hints ? hints[key] : sampleValid(field.schema, hints, `${path}.${key}`);
    }
    if (!schema.safeParse(value).success) throw new Error(`No valid sample for ${path}: ${JSON.stringify(value)}`);
    return value;
  }
  const candidates = [...(model.choices ?? []), ...sampleCandidates];
  if (model.kind === 'array' && model.element) candidates.unshift([sampleValid(model.element.schema, hints, `${path}[]`)]);
  // null only when nothing else fits (z.null()): a real value exercises more of the field's rules.
  const accepted = candidates.filter((candidate) => schema.safeParse(candidate).success);
  const found = accepted.find((candidate) => candidate !== null) ?? accepted[0];
  if (found === undefined) throw new Error(`No valid sample for ${path}; add one to the suite's hints`);
  return found;
}

/** 100 KB of text: past every text field's limit, inside the 1 MiB body limit. */
export const hugeString = 'x'.repeat(100 * 1024);

/** Values of the wrong JSON type for a field of this kind (null is handled by the caller). */
function wrongTypes(model: FieldModel): ValueCase[] {
  const all: ValueCase[] = [
    { name: 'a string', value: 'not the right type' },
    { name: 'a number', value: 42 },
    { name: 'a boolean', value: true },
    { name: 'an object', value: { nested: 'object' } },
    { name: 'an array', value: ['array'] },
  ];
  const ownType: Partial<Record<FieldModel['kind'], string>> = {
    string: 'a string',
    number: 'a number',
    boolean: 'a boolean',
    array: 'an array',
    object: 'an object',
  };
  return all.filter((c) => c.name !== ownType[model.kind]);
}

/** Values of the right type that break a bound the field declares. */
function outOfBounds(model: FieldModel): ValueCase[] {
  const cases: ValueCase[] = [];
  if (model.kind === 'string') {
    if (model.max !== undefined) cases.push({ name: `${model.max + 1} characters`, value: 'y'.repeat(model.max + 1) });
    if (model.max !== undefined && model.max < hugeString.length) cases.push({ name: '100 KB of text', value: hugeString });
    if (model.min !== undefined && model.min > 0) cases.push({ name: 'empty text', value: '' });
  }
  if (model.kind === 'number') {
    const refusesBelow = (n: number) => model.min !== undefined && (model.isMinExclusive ? n <= model.min : n < model.min);
    if (refusesBelow(-1)) cases.push({ name: 'a negative number', value: -1 });
    if (refusesBelow(0)) cases.push({ name: 'zero', value: 0 });
    if (model.isInteger) cases.push({ name: 'a fraction', value: 1.5 });
    if (model.max !== undefined) {
      cases.push({ name: 'a huge number', value: 1e20 });
      // Ids and counts are 32-bit columns; money is bigint cents, exact up to 2^53 (decision 040).
      cases.push(model.max < 2 ** 31 ? { name: 'past 32 bits', value: 2 ** 31 } : { name: 'past the largest safe integer', value: 2 ** 53 });
    }
    if (model.isCoerced) {
      // Text is parsed, but only text of a number is a number.
      cases.push({ name: 'text "NaN"', value: 'NaN' }, { name: 'text "Infinity"', value: 'Infinity' });
      if (refusesBelow(-1)) cases.push({ name: 'text of a negative number', value: '-5' });
      if (model.isInteger) cases.push({ name: 'text of a fraction', value: '2.5' });
    }
  }
  if (model.kind === 'enum') cases.push({ name: 'a value outside the list', value: 'definitely-not-a-choice' });
  if (model.kind === 'array' && model.element) {
    if (model.max !== undefined) cases.push({ name: `${model.max + 1} entries`, value: Array.from({ length: model.max + 1 }, (_, i) => `entry${i}`) });
    if (model.min !== undefined && model.min > 0) cases.push({ name: 'an empty list', value: [] });
    if (model.element.kind !== 'unknown') {
      for (const bad of [...wrongTypes(model.element), ...outOfBounds(model.element)]) {
        cases.push({ name: `an entry that is ${bad.name}`, value: [bad.value] });
      }
    }
  }
  if (model.kind === 'null') cases.push({ name: 'a link instead of null', value: 'https://elsewhere.test/picture.png' });
  return cases;
}

/** Each way one field can be wrong, every case with the field's rule broken and everything else valid. */
export function fieldCases(model: FieldModel): ValueCase[] {
  if (model.kind === 'unknown' || model.kind === 'other') return [];
  const cases = [...wrongTypes(model), ...outOfBounds(model)];
  if (!model.isNullable && model.kind !== 'null') cases.push({ name: 'null', value: null });
  return cases;
}

/**
 * Every body the contract must refuse, derived from a valid one: each required field missing,
 * each field wrong, unknown keys (when the object is strict), and bodies that are no object.
 */
export function bodyCases(schema: AnySchema, valid: Record<string, unknown>): ValueCase[] {
  const model = describeSchema(schema);
  const cases: ValueCase[] = [
    { name: 'an array body', value: [valid] },
    { name: 'a text body', value: 'just text' },
    { name: 'a number body', value: 42 },
    { name: 'a null body', value: null },
  ];
  for (const [key, field] of Object.entries(model.fields ?? {})) {
    if (!field.isOptional && field.kind !== 'unknown') {
      const { [key]: _missing, ...rest } = valid;
      cases.push({ name: `${key} missing`, value: rest });
    }
    for (const bad of fieldCases(field)) cases.push({ name: `${key} as ${bad.name}`, value: { ...valid, [key]: bad.value } });
  }
  if (model.isStrict) {
    cases.push({ name: 'an unknown field', value: { ...valid, isAdmin: true } });
    cases.push({ name: 'a field named like a column', value: { ...valid, id: 1, createdAt: '2020-01-01' } });
  }
  return cases;
}

/**
 * Fields a request may fill without limit: text without a maximum length, lists without a
 * maximum count. Each is a hole a huge body walks through (into the database, a log, an email).
 */
export function unboundedFields(model: FieldModel, path = ''): string[] {
  const name = path || 'the body';
  if (model.kind === 'string' || model.kind === 'array') {
    const own = model.max === undefined ? [name] : [];
    return model.kind === 'array' && model.element ? [...own, ...unboundedFields(model.element, `${name}[]`)] : own;
  }
  if (model.kind === 'object') {
    return Object.entries(model.fields ?? {}).flatMap(([key, field]) => unboundedFields(field, path ? `${path}.${key}` : key));
  }
  return [];
}

/** Cases a route with this body schema must refuse according to the schema itself (a sanity check on the generator). */
export function contractRefuses(schema: AnySchema, value: unknown): boolean {
  return !schema.safeParse(value).success;
}

/** JSON text with a raw byte sequence that is not UTF-8 inside one of its strings. */
function withInvalidUtf8(valid: Record<string, unknown>): Buffer {
  const marker = '\u0001MARK\u0001';
  const textKey = Object.keys(valid).find((key) => typeof valid[key] === 'string') ?? 'text';
  const json = JSON.stringify({ ...valid, [textKey]: `${typeof valid[textKey] === 'string' ? valid[textKey] : ''}${marker}` });
  const [before, after] = json.split(JSON.stringify(marker).slice(1, -1));
  return Buffer.concat([Buffer.from(before!), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xa0, 0xa1]), Buffer.from(after!)]);
}

/** The body with U+0000 inside each of its text fields. */
function withNulInText(valid: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, typeof value === 'string' ? `${value}\u0000` : value]));
}

/**
 * Transport damage for a JSON route: the right fields in the wrong wrapping. `valid` is a body the
 * route's contract accepts, so each case is refused for its transport alone.
 */
export function rawJsonCases(valid: Record<string, unknown>): RawCase[] {
  const json = JSON.stringify(valid);
  const form = new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, String(v)])).toString();
  const asJson = { 'content-type': 'application/json' };
  return [
    { name: 'JSON sent as text/plain', payload: json, headers: { 'content-type': 'text/plain' } },
    { name: 'a urlencoded form', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { name: 'XML', payload: `<body>${json}</body>`, headers: { 'content-type': 'application/xml' } },
    { name: 'an unknown content type', payload: json, headers: { 'content-type': 'application/x-finishline' } },
    { name: 'no content type', payload: Buffer.from(json), headers: { 'content-type': '' } },
    {
      name: 'multipart instead of JSON',
      payload: `--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
    { name: 'JSON cut off', payload: json.slice(0, Math.ceil(json.length / 2)), headers: asJson },
    { name: 'JSON with a trailing comma', payload: `${json.slice(0, -1)},}`, headers: asJson },
    { name: 'an empty JSON body', payload: '', headers: asJson },
    { name: 'JSON that is not UTF-8', payload: withInvalidUtf8(valid), headers: asJson },
    // Valid JSON and valid UTF-8, but PostgreSQL text cannot hold U+0000 (a body of flags alone has no text to carry one).
    ...(Object.values(valid).some((value) => typeof value === 'string')
      ? [{ name: 'a NUL character in the text', payload: JSON.stringify(withNulInText(valid)), headers: asJson }]
      : []),
    { name: 'JSON labelled as another charset', payload: Buffer.from(json, 'utf16le'), headers: { 'content-type': 'application/json; charset=utf-16le' } },
    { name: 'a __proto__ key', payload: `{"__proto__":{"isAdmin":true},${json.slice(1)}`, headers: asJson },
    { name: 'a constructor.prototype key', payload: `{"constructor":{"prototype":{"isAdmin":true}},${json.slice(1)}`, headers: asJson },
    { name: 'a number beyond double range', payload: `{"n":1e400,${json.slice(1)}`, headers: asJson },
    { name: 'deeply nested JSON', payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, headers: asJson },
    { name: 'a body past the 1 MiB limit', payload: JSON.stringify({ ...valid, padding: 'z'.repeat(1024 * 1024 + 1) }), headers: asJson },
  ];
}

/** Route parameters a numeric id or a name must refuse (already URL-encoded for the path). */
export function paramValues(model: FieldModel): ValueCase[] {
  const common: ValueCase[] = [
    { name: 'a value past the parameter length limit', value: 'p'.repeat(5000) },
    { name: 'a broken percent-encoding', value: '%E0%A4%A' },
    { name: 'an encoding that is not UTF-8', value: '%FF%FE' },
  ];
  if (model.kind === 'number') {
    return [
      ...common,
      { name: 'a word', value: 'abc' },
      { name: 'a negative id', value: '-1' },
      { name: 'zero', value: '0' },
      { name: 'a fraction', value: '1.5' },
      { name: 'an id past 32 bits', value: '2147483648' },
      { name: 'a huge id', value: '99999999999999999999999' },
      { name: 'NaN', value: 'NaN' },
      { name: 'a NUL byte', value: '%00' },
      { name: 'a blank', value: '%20' },
    ];
  }
  const text = [...common, { name: 'a NUL byte', value: 'dev%00eloper' }];
  if (model.kind === 'string' && model.max !== undefined) return [...text, { name: `${model.max + 1} characters`, value: 'n'.repeat(model.max + 1) }];
  return text;
}

/** Query strings that break one query field's rule each (URL-encoded, without the '?'). */
export function queryCases(schema: AnySchema): ValueCase[] {
  const model = describeSchema(schema);
  const cases: ValueCase[] = [];
  for (const [key, field] of Object.entries(model.fields ?? {})) {
    const values: string[] = [];
    if (field.kind === 'number') {
      values.push('abc', '1.5', '1e999', '99999999999999999999');
      if (field.min !== undefined && field.min >= 0) values.push('-1');
      if (field.min !== undefined && field.min >= 1) values.push('0');
    }
    if (field.kind === 'enum') values.push('definitely-not-a-choice');
    if (field.kind === 'string' && field.max !== undefined) values.push('q'.repeat(field.max + 1));
    if (field.kind === 'string') values.push('react\0');
    for (const value of values) cases.push({ name: `${key}=${JSON.stringify(value.slice(0, 20))}`, value: `${key}=${encodeURIComponent(value)}` });
    // Percent-encoding of bytes that are not UTF-8.
    cases.push({ name: `${key} not UTF-8`, value: `${key}=%FF%FE` });
    // A repeated key reaches the route as a list, which no scalar field accepts.
    if (field.kind !== 'array') cases.push({ name: `${key} given twice`, value: `${key}=1&${key}=2` });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Multipart

/** The 8-byte signature every PNG starts with. */
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Files that claim to be a PNG image and are not one an image route may keep. */
export function spoofedImages(field: string): { name: string; file: MultipartFile }[] {
  const png = (body: Buffer) => ({ field, filename: 'picture.png', contentType: 'image/png', body });
  return [
    { name: 'text named .png', file: png(Buffer.from('just some text, not an image\n')) },
    { name: 'HTML named .png', file: png(Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')) },
    { name: 'SVG named .png', file: png(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>')) },
    { name: 'a PNG signature followed by garbage', file: png(Buffer.concat([pngSignature, randomBytes(2048)])) },
    { name: 'an empty file named .png', file: png(Buffer.alloc(0)) },
    { name: 'a PDF named .png', file: png(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')) },
  ];
}

const sendable = ({ payload, headers }: { payload: Buffer; headers: Record<string, string> }) => ({ payload, headers });

/**
 * Damaged and hostile multipart bodies for a route that takes `fields` (valid ones) and a file in
 * `fileField` of at most `maxFileBytes`.
 */
export function multipartCases(options: {
  fields: Record<string, string>;
  fileField: string;
  maxFileBytes: number;
  image: Buffer;
  /** How many files the route takes (default one). */
  maxFiles?: number;
  /** Spoofed images the route takes for what their bytes are (a conversation's file may be text or a PDF). */
  accepts?: readonly string[];
}): RawCase[] {
  const { fields, fileField, image, maxFiles = 1, accepts = [] } = options;
  const imageFile = (overrides: Partial<MultipartFile> = {}): MultipartFile => ({
    field: fileField,
    filename: 'picture.png',
    contentType: 'image/png',
    body: image,
    ...overrides,
  });
  const entries = Object.entries(fields);
  const whole = multipart(fields, [imageFile()]);
  const cases: RawCase[] = [
    { name: 'a body cut off in the file', payload: whole.payload.subarray(0, whole.payload.length - image.length / 2 - 40), headers: whole.headers },
    { name: 'a body cut off in a part header', payload: whole.payload.subarray(0, Object.keys(fields).length ? 30 : 10), headers: whole.headers },
    { name: 'no closing boundary', payload: whole.payload.subarray(0, whole.payload.length - whole.boundary.length - 6), headers: whole.headers },
    { name: 'a content type without a boundary', payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } },
    { name: 'a boundary the body does not use', payload: whole.payload, headers: { 'content-type': 'multipart/form-data; boundary=somethingelse' } },
    { name: 'an empty multipart body', payload: '', headers: whole.headers },
    {
      name: 'a part without a name',
      payload: Buffer.from(`--b\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--b--\r\n`),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
    {
      name: `a file over ${options.maxFileBytes} bytes`,
      ...sendable(multipart(fields, [imageFile({ body: Buffer.concat([image, Buffer.alloc(options.maxFileBytes + 1 - image.length, 0)]) })])),
    },
    {
      name: `${maxFiles + 1} files`,
      ...sendable(
        multipart(
          fields,
          Array.from({ length: maxFiles + 1 }, (_, i) => imageFile({ filename: `picture${i}.png` })),
        ),
      ),
    },
    { name: 'a file in an unknown field', ...sendable(multipart(fields, [imageFile({ field: 'attachment' })])) },
    { name: 'a field sent twice', ...sendable(multipart([...entries, ...entries])) },
    { name: 'a field over 100 KB', ...sendable(multipart({ ...fields, bio: 'b'.repeat(100 * 1024 + 1) })) },
    { name: 'too many fields', ...sendable(multipart([...entries, ...Array.from({ length: 25 }, (_, i): [string, string] => [`extra${i}`, 'x'])])) },
    { name: 'a NUL character in a field', ...sendable(multipart(entries.map(([name, value]): [string, string] => [name, `${value}\0`]))) },
    { name: 'a __proto__ field', ...sendable(multipart([...entries, ['__proto__', '{"isAdmin":true}']])) },
  ];
  for (const spoof of spoofedImages(fileField)) {
    if (!accepts.includes(spoof.name)) cases.push({ name: spoof.name, ...sendable(multipart(fields, [spoof.file])) });
  }
  return cases;
}
