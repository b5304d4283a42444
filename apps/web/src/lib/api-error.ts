/** The server answered with a code other than 200; `code` and `message` are the server's. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** Client errors (4xx) will fail the same way again, so they are not worth a retry. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.code >= 400 && error.code < 500;
}
