import { apis, type Endpoint } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** PostgreSQL's `integer`: a larger whole number in a request must be a 422, never a database error. */
const int32Max = 2 ** 31 - 1;
/** Fields stored as `bigint`: bounded by what a JavaScript number holds exactly. */
const bigintFields = new Set(['sharesOffered']);

type JsonSchema = { [key: string]: unknown };

/** Paths of every integer in a JSON schema that admits values beyond `integer`'s range. */
function unboundedIntegers(schema: unknown, path: string, found: string[]): string[] {
  if (!schema || typeof schema !== 'object') return found;
  const node = schema as JsonSchema;
  if (node.type === 'integer') {
    const max = typeof node.maximum === 'number' ? node.maximum : Number.POSITIVE_INFINITY;
    const min = typeof node.minimum === 'number' ? node.minimum : Number.NEGATIVE_INFINITY;
    const limit = bigintFields.has(path.split('.').at(-1) ?? '') ? Number.MAX_SAFE_INTEGER : int32Max;
    if (max > limit || min < -limit - 1) found.push(path);
  }
  for (const [key, value] of Object.entries(node)) {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) unboundedIntegers(item, `${path}.${key}[${i}]`, found);
    } else if (value && typeof value === 'object') {
      unboundedIntegers(value, key === 'properties' ? path : `${path}.${key}`, found);
    }
  }
  return found;
}

describe('request bounds', () => {
  it('every whole number a call accepts fits PostgreSQL integer', () => {
    const found: string[] = [];
    for (const api of Object.values(apis)) {
      for (const endpoint of Object.values(api) as Endpoint[]) {
        for (const part of ['query', 'body'] as const) {
          const schema = endpoint[part];
          if (!schema) continue;
          const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
          unboundedIntegers(json, `${endpoint.method} ${endpoint.path} ${part}`, found);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
