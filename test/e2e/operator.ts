// The browser tests' operator (issue 15): test/e2e/server.ts writes the account into the database
// before the server starts, and disputes.spec.ts signs in as it.
export const E2E_OPERATOR = { username: 'e2e_operator', email: 'operator@e2e.finishline.dev', password: 'correct-horse' } as const;
