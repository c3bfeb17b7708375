import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.js';
import { verifyPassword } from '#server/plugins/passwords.js';
import { CapturingMailer, verificationLinkIn } from '#test/fakes/email.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, signIn, TEST_PASSWORD } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { createOperator } from './operators.service.js';

// The operator (issue 15, rule 5): no one registers as one; npm run operator:create makes one, and
// OPERATOR_EMAILS makes any account it names one, once its owner proved the address (issue 26).
let t: TestApp;
let cast: Cast;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAILS: ' Listed@Example.test , second@example.test, third@example.test' }, { mailer });
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const rowOf = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
const listedUsernames = async () => ((await cast.visitor.api.get('/api/developers')).json() as { username: string }[]).map((d) => d.username);

describe('npm run operator:create (createOperator)', () => {
  it('creates an operator with a generated password, shown once and stored only as its hash', async () => {
    const result = await createOperator(t.database, { email: 'Ops.One@Example.test', username: 'ops-one' });
    expect(result).toMatchObject({ outcome: 'created', user: { username: 'ops-one', email: 'ops.one@example.test', role: 'operator' } });
    const password = result.outcome === 'created' ? result.generatedPassword! : '';
    expect(password).toMatch(/^[\w-]{24}$/);
    const row = await rowOf('ops.one@example.test');
    expect(row.passwordHash).not.toContain(password);
    expect(await verifyPassword(row.passwordHash, password)).toBe(true);
    const login = await cast.visitor.api.post('/api/login', { email: 'ops.one@example.test', password });
    expect(login.json()).toMatchObject({ username: 'ops-one', role: 'operator' });
  });

  it('takes a given password, and answers a second run with no change', async () => {
    const created = await createOperator(t.database, { email: 'ops.two@example.test', username: 'ops-two', password: 'long-enough-secret' });
    expect(created).toMatchObject({ outcome: 'created', generatedPassword: null });
    expect((await cast.visitor.api.post('/api/login', { email: 'ops.two@example.test', password: 'long-enough-secret' })).statusCode).toBe(200);
    expect(await createOperator(t.database, { email: 'OPS.TWO@example.test' })).toMatchObject({ outcome: 'unchanged' });
  });

  it('makes an existing account an operator, password unchanged: it leaves the directory and cannot bid', async () => {
    const finisher = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, finisher.email));
    expect(await listedUsernames()).toContain(finisher.username);
    const result = await createOperator(t.database, { email: finisher.email.toUpperCase(), password: 'ignored-password' });
    expect(result).toMatchObject({ outcome: 'promoted', previousRole: 'finisher', user: { id: finisher.id, role: 'operator' } });
    expect((await rowOf(finisher.email)).passwordHash).toBe(finisher.passwordHash);

    // The session it already had acts as an operator from its next request.
    expect((await api.get('/api/user')).json()).toMatchObject({ role: 'operator' });
    expect(await listedUsernames()).not.toContain(finisher.username);
    expect((await cast.visitor.api.get(`/api/developers/${finisher.username}`)).statusCode).toBe(404);
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const bid = await api.post(`/api/projects/${project.id}/bids`, { amount: 500, timeline: 5, message: 'I would like to take this on.' });
    expect(bid.statusCode).toBe(403);
    expect(bid.json().message).toBe('Only developers can bid on projects');
  });

  it('refuses a new account without a username, bad input, and a username in use', async () => {
    await expect(createOperator(t.database, { email: 'nobody@example.test' })).rejects.toThrow('No account has this email: give a --username to create one');
    await expect(createOperator(t.database, { email: 'not-an-email', username: 'ab' })).rejects.toThrow(
      'Please enter a valid email; Username must be at least 3 characters',
    );
    await expect(createOperator(t.database, { email: 'fresh@example.test', username: 'x', password: '123' })).rejects.toThrow(
      'Password must be at least 6 characters',
    );
    await expect(createOperator(t.database, { email: 'fresh@example.test', username: cast.owner.user.username.toUpperCase() })).rejects.toThrow(
      'This username is already taken',
    );
    expect(await t.database.db.$count(users, eq(users.email, 'fresh@example.test'))).toBe(0);
  });
});

describe('OPERATOR_EMAILS', () => {
  it('makes a registered account an operator in every answer about it once the address is confirmed, without changing what is stored', async () => {
    const registered = await cast.visitor.api.post('/api/register', {
      username: 'listed',
      email: 'LISTED@example.test',
      password: TEST_PASSWORD,
      role: 'developer',
    });
    expect(registered.statusCode).toBe(201);
    // Registering with the address proves nothing: no operator rights until its link is opened.
    expect(registered.json()).toMatchObject({ username: 'listed', role: 'finisher', emailVerified: false });
    const api = client(t.app, await signIn(t.app, 'listed@example.test'));
    expect((await api.get('/api/user')).json()).toMatchObject({ role: 'finisher' });
    expect((await api.get('/api/operator/disputes')).statusCode).toBe(403);
    expect(await listedUsernames()).toContain('listed');

    const { token } = verificationLinkIn(await mailer.waitFor('listed@example.test'));
    expect((await cast.visitor.api.post('/api/account/email-verification/confirm', { token })).statusCode).toBe(200);
    expect((await rowOf('listed@example.test')).role).toBe('finisher');
    expect(await listedUsernames()).not.toContain('listed');

    const login = await cast.visitor.api.post('/api/login', { email: 'listed@example.test', password: TEST_PASSWORD });
    expect(login.json()).toMatchObject({ role: 'operator' });
    expect((await api.get('/api/user')).json()).toMatchObject({ role: 'operator', emailVerified: true });
    expect((await api.get('/api/operator/disputes')).statusCode).toBe(200);
    const profile = await api.patch(`/api/users/${login.json().id}/profile`, { bio: 'Keeps the lights on.' });
    expect(profile.json()).toMatchObject({ bio: 'Keeps the lights on.', role: 'operator' });
  });

  it("gives nothing for changing one's email to a listed address until the new address is confirmed", async () => {
    const finisher = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, finisher.email));
    const changed = await api.patch(`/api/users/${finisher.id}/profile`, { email: 'Third@Example.test' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: finisher.email, pendingEmail: 'third@example.test', role: 'finisher' });
    expect((await api.get('/api/user')).json()).toMatchObject({ role: 'finisher' });
    expect((await api.get('/api/operator/disputes')).statusCode).toBe(403);

    const { token } = verificationLinkIn(await mailer.waitFor('third@example.test'));
    expect((await cast.visitor.api.post('/api/account/email-verification/confirm', { token })).statusCode).toBe(200);
    expect((await api.get('/api/user')).json()).toMatchObject({ email: 'third@example.test', role: 'operator' });
  });

  it('never counts an unverified account as an operator, and the database refuses an unverified stored operator', async () => {
    const unverified = await createUser(t.database.db, { role: 'finisher', email: 'SECOND@example.test', emailVerifiedAt: null });
    const api = client(t.app, await signIn(t.app, unverified.email));
    expect((await api.get('/api/user')).json()).toMatchObject({ role: 'finisher', emailVerified: false });
    expect(await listedUsernames()).toContain(unverified.username);
    await t.database.db.delete(users).where(eq(users.id, unverified.id));

    await expect(createUser(t.database.db, { role: 'operator', emailVerifiedAt: null })).rejects.toThrow();
    const made = await createOperator(t.database, { email: 'made@example.test', username: 'made-op' });
    expect(made.user.emailVerifiedAt).not.toBeNull();
    const plain = await createUser(t.database.db, { role: 'finisher', emailVerifiedAt: null });
    const promoted = await createOperator(t.database, { email: plain.email });
    expect(promoted).toMatchObject({ outcome: 'promoted', user: { role: 'operator' } });
    expect(promoted.user.emailVerifiedAt).not.toBeNull();
  });

  it('keeps a listed finisher out of the directory and out of bidding', async () => {
    const listed = await createUser(t.database.db, { role: 'finisher', email: 'second@example.test' });
    expect(await listedUsernames()).not.toContain(listed.username);
    expect(await listedUsernames()).toContain(cast.finisher.user.username);
    expect((await cast.visitor.api.get(`/api/developers/${listed.username}`)).statusCode).toBe(404);
    const api = client(t.app, await signIn(t.app, listed.email));
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const bid = await api.post(`/api/projects/${project.id}/bids`, { amount: 500, timeline: 5, message: 'I would like to take this on.' });
    expect(bid.statusCode).toBe(403);
  });

  it('refuses registering as an operator', async () => {
    const response = await cast.visitor.api.post('/api/register', {
      username: 'wannabe',
      email: 'wannabe@example.test',
      password: TEST_PASSWORD,
      role: 'operator',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'No one can register as an operator' });
  });
});
