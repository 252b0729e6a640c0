/**
 * A PostgreSQL array literal of texts, each quoted: bound as one parameter (`= ANY(${...}::text[])`),
 * so a statement over thousands of ids keeps one plan and one parameter.
 */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
