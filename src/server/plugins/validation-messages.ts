import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
  date: 'a date',
};

const unitOf: Record<string, string> = { string: ' characters', array: ' entries', set: ' entries', file: ' bytes' };

/** 'skills[2]', 'budget'; the whole body when the path is empty. */
function fieldName(path: PropertyKey[] | undefined): string {
  if (!path?.length) return 'The request body';
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`)).join('');
}

function describeIssue(issue: Issue): string | undefined {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return issue.path?.length ? `${field} is required` : 'The request body is missing';
      return `${field} must be ${typeWords[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return `${field} must be at most ${String(issue.maximum)}${unitOf[issue.origin] ?? ''}`;
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return `${field} must be ${issue.inclusive ? 'at least' : 'greater than'} ${String(issue.minimum)}`;
      }
      return `${field} must have at least ${String(issue.minimum)}${unitOf[issue.origin] ?? ''}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

/**
 * zod's built-in messages ('Invalid input: expected string, received undefined') name no field,
 * so a refused request would not say what to fix. Contracts give the spec's own words where the
 * spec has them; every other rule is worded here, naming the field. zod uses a schema's own
 * message first, so this only fills in where a contract gives none.
 */
export function installValidationMessages() {
  z.config({ customError: describeIssue });
}
