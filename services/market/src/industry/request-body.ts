/** The part of a contract (zod) schema a request check needs. */
export interface BodySchema<T> {
  safeParse(input: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { code: string; path: PropertyKey[]; message: string; keys?: string[] }[] };
      };
}

/**
 * Checks a JSON body against its contract schema; the message names each field that is wrong, for the page to
 * show as it is. Returns the parsed body, or the message.
 */
export function checkBody<T>(
  schema: BodySchema<T>,
  body: unknown,
  what: string,
): { data: T } | { problem: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { problem: 'The request body must be a JSON object.' };
  }
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data };
  const problems = result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return `unknown field ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
    }
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return { problem: `The ${what} is not valid: ${problems.join('; ')}.` };
}
