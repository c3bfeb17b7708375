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
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
