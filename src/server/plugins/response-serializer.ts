import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from each route's zod response schema (as JSON
 * Schema): only the declared properties are written, so a field the contract leaves out (a
 * password hash, another user's bid amount) can never leak, at a fraction of the cost of
 * parsing every answer with zod first. The services build the answers with typed mappers, so
 * their shape is checked at compile time.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  // Fastify asks for every route's serializers while it starts; building them all then took about
  // 200 ms of a cold start (docs/decisions/035-a-bundled-server-and-an-overlapped-start.md). Each is built with
  // its route's first answer instead. endpoints.test.ts builds every one, so a schema that cannot
  // be serialized still fails a test, not a request.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compileResponseSerializer(schema))(data);
};

/** One response schema's serializer, built at once. */
export function compileResponseSerializer(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(withoutNullableAnyOf(jsonSchema) as Parameters<typeof fastJson>[0]);
}

/**
 * zod writes `T | null` as `anyOf: [T, {type: 'null'}]`, which fast-json-stringify serializes by
 * validating the value against each branch (ajv) on every answer. The same schema written as
 * `type: [T's type, 'null']` is serialized by a typeof check: the same JSON, without validation.
 */
export function withoutNullableAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNullableAnyOf);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withoutNullableAnyOf(value)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(schema).length !== 1) return schema;
  const isNull = (branch: unknown) => typeof branch === 'object' && branch !== null && JSON.stringify(branch) === '{"type":"null"}';
  const other = branches.find((branch) => !isNull(branch)) as Record<string, unknown> | undefined;
  if (!other || !branches.some(isNull) || typeof other.type !== 'string' || 'anyOf' in other) return schema;
  // An enum must name null too: a nullable object is serialized after ajv picks its branch, and a null
  // in an enum that leaves it out failed the whole answer (a criterion no bid answered, issue 28).
  return { ...other, type: [other.type, 'null'], ...(Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {}) };
}
