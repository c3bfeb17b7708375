// The browser tests' operator (issue 15): test/e2e/server.ts names this address in OPERATOR_EMAILS, and
// disputes.spec.ts registers it on first use.
export const E2E_OPERATOR = { username: 'e2e_operator', email: 'operator@e2e.finishline.dev', password: 'correct-horse' } as const;
