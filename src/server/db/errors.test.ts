import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/app-error.js';
import { databaseUnavailableError, isDatabaseUnavailable, uniqueViolation } from './errors.js';

/** A server error as node-postgres reports it, wrapped the way Drizzle throws it. */
function fromServer(code: string, message: string, constraint?: string) {
  const error = Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, constraint });
  return new DrizzleQueryError('select 1', [], error);
}

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', new DrizzleQueryError('select 1', [], socketError('ECONNREFUSED'))],
    ['a refused connection to every address', new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')])],
    ['a reset connection', socketError('ECONNRESET')],
    ['an admin shutdown (57P01)', fromServer('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown (57P02)', fromServer('57P02', 'terminating connection because of crash of another server process')],
    ['a server starting or stopping (57P03)', fromServer('57P03', 'the database system is shutting down')],
    ['no connection slots left (53300)', fromServer('53300', 'sorry, too many clients already')],
    ['a connection failure (class 08)', fromServer('08006', 'connection failure')],
    ['a statement timeout (57014)', fromServer('57014', 'canceling statement due to statement timeout')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a full pool that gave no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a client broken by an earlier error', new Error('Client has encountered a connection error and is not queryable')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', fromServer('23505', 'duplicate key value violates unique constraint', 'users_email_lower_key')],
    ['a syntax error (a bug)', fromServer('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('databaseUnavailableError', () => {
  it('is the 503 users see during an outage, with Retry-After', () => {
    const error = databaseUnavailableError(socketError('ECONNREFUSED'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      headers: { 'retry-after': '5' },
    });
  });
});

describe('uniqueViolation', () => {
  it('names the constraint of a unique violation, and nothing else', () => {
    expect(uniqueViolation(fromServer('23505', 'duplicate key', 'bids_project_finisher_key'))).toBe('bids_project_finisher_key');
    expect(uniqueViolation(fromServer('57P01', 'terminating connection due to administrator command'))).toBeNull();
  });
});
