/**
 * Errors as the logs may hold them (architecture §5: no applicant's details in the logs). A failed statement
 * carries its row: drizzle puts the parameters in its message, PostgreSQL puts the values in `detail`
 * ("Key (email)=(…) already exists") and `where`, and some messages quote the value they refused. What is
 * kept says what failed and where: the error's kind, PostgreSQL's code, constraint, table and column, the
 * statement's text with its placeholders, and the stack.
 */
export interface SafeError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SafeError;
  [field: string]: unknown;
}

/** Fields that name, never hold, what failed: PostgreSQL's and the system's. */
const NAMING_FIELDS = [
  'code',
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
  'errno',
  'syscall',
  'statusCode',
] as const;

/** How deep a chain of causes is followed; a cycle or a long chain stops here. */
const MAX_CAUSES = 4;

/** An error's own words without the values a database error can repeat. */
export function safeErrorMessage(message: string): string {
  return (
    message
      // drizzle's "Failed query: <sql>\nparams: <values>"
      .replace(/\nparams: [\s\S]*$/, '')
      // "Key (email)=(ann@example.com)" and its kin, wherever a driver puts them.
      .replace(/\(([^()]*)\)=\((?:[^()]|\([^()]*\))*\)/g, '($1)=(…)')
      // "invalid input syntax for type uuid: "…"", "invalid input value for enum status: "…"".
      .replace(/(invalid input (?:syntax|value) for [^:\n]+): .*/g, '$1: …')
      .replace(/(Failing row contains) \([\s\S]*\)/g, '$1 (…)')
  );
}

function safeStack(error: Error, header: string): string {
  const frames = typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [header, ...frames].join('\n');
}

/** The logger's `err` serializer, and what any other output of an error should use. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    const message = typeof error === 'string' ? safeErrorMessage(error) : 'a non-error value';
    return { type: typeof error, message, stack: message };
  }
  const fields = error as unknown as Record<string, unknown>;
  const type = error.constructor?.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
  const query = typeof fields.query === 'string' ? fields.query : undefined;
  // drizzle's message repeats the statement, which `query` holds once.
  const message =
    query && error.message.startsWith('Failed query: ') ? 'Failed query' : safeErrorMessage(error.message);
  const safe: SafeError = { type, message, stack: safeStack(error, `${error.name}: ${message}`) };
  for (const field of NAMING_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') safe[field] = value;
  }
  if (query) safe.query = query;
  if (error.cause !== undefined && depth < MAX_CAUSES) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/** The same, as text for a terminal: the stack of the error and of each cause, with PostgreSQL's code. */
export function safeErrorText(error: unknown): string {
  const parts: string[] = [];
  for (let safe: SafeError | undefined = safeError(error); safe; safe = safe.cause) {
    const code = typeof safe.code === 'string' ? ` [${safe.code}]` : '';
    parts.push(`${safe.stack}${code}`);
  }
  return parts.join('\ncaused by: ');
}
