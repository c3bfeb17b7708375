import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';

// Issue 27, item 6 (docs/decisions/046-openapi-security-and-lint.md): the published OpenAPI document
// is one a client generator can trust. Redocly's recommended ruleset finds no error in it.

/** Warnings of the recommended ruleset left as they are, and why. */
const acceptedWarnings: Record<string, string> = {
  'info-license': 'Finishline is not published under a licence; naming one would be untrue',
};

/** Warnings accepted at one place only: the rule, the operation's pointer, and why. */
const acceptedAt: { ruleId: string; pointer: string; why: string }[] = ['authorize', 'callback'].map((step) => ({
  ruleId: 'operation-2xx-response',
  pointer: `#/paths/~1api~1github~1${step}/get/responses`,
  why: "GitHub sign-in is a browser navigation: its success is a 302 (decision 054's sign-in), never fetched by a client",
}));
const isAcceptedAt = (problem: NormalizedProblem) =>
  acceptedAt.some((accepted) => accepted.ruleId === problem.ruleId && accepted.pointer === problem.location[0]?.pointer);

let t: TestApp;
let problems: NormalizedProblem[];
beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).payload;
  const config = await createConfig({ extends: ['recommended'] });
  problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config });
});
afterAll(() => t.close());

/** One line per problem: what is wrong and where, so a failure reads without the document. */
const described = (list: NormalizedProblem[]) => list.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`);

describe("the OpenAPI document under Redocly's recommended lint", () => {
  it('has no error', () => {
    expect(described(problems.filter((problem) => problem.severity === 'error'))).toEqual([]);
  });

  it('has no warning but the accepted ones', () => {
    const warnings = problems.filter((problem) => problem.severity === 'warn' && !(problem.ruleId in acceptedWarnings) && !isAcceptedAt(problem));
    expect(described(warnings)).toEqual([]);
  });
});
