/** docs/api.md: the success envelope. */
export function success<T>(data: T): { code: 0; message: string; data: T } {
  return { code: 0, message: 'ok', data };
}
