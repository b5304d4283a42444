import type { Call, Endpoint, EndpointData } from '@sq/contract/endpoint';
import { Msg } from '@sq/contract/messages';
import { classifyResponse, readAnswer } from './api-decisions';
import { ApiError, NetworkError } from './api-error';
import { buildRequest, callerToken, type ApiInput } from './api-request';
import { getNativeToken } from './native-bridge';
import { API_BASE, handOffToLogin } from './login-handoff';
import { sessionRestoring } from './session';
import { storage, StorageKey } from './storage';
import { showToast } from './toast';

export interface CallOptions {
  /** Sends no token: for calls that must not identify the user (the spec's noLogin flag). */
  noLogin?: boolean;
  /** Shows no toast; the caller reports the failure itself. */
  silent?: boolean;
  /** On 423/424 only rejects, without sending the user to log in (e.g. while logging out). */
  noLoginRedirect?: boolean;
  signal?: AbortSignal;
  /** A file sent as the body of a POST (its input then travels as query). */
  file?: Blob;
}


function toast(message: string, options: CallOptions): void {
  if (!options.silent) showToast(message);
}

/**
 * Calls one contract endpoint through its `…Call` (method and path, no schema) and resolves with
 * its `data`. Every failure rejects: ApiError (server said no, after the toast / login hand-off
 * the spec asks for) or NetworkError.
 */
export async function callApi<E extends Endpoint>(
  endpoint: Call<E>,
  input: ApiInput<E>,
  options: CallOptions = {},
): Promise<EndpointData<E>> {
  const held = () => getNativeToken() ?? callerToken(input) ?? storage.get(StorageKey.token);
  // No token yet, but the start-up check may be about to find one: wait for it (it never waits).
  const restoring = options.noLogin ? null : sessionRestoring();
  if (restoring && !held()) await restoring.catch(() => {});
  const token = options.noLogin ? null : held();
  const { url, init } = buildRequest(endpoint, input, token, API_BASE, options.file);

  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: options.signal });
  } catch (error) {
    // A cancelled query (page left, input changed) is nobody's failure: no toast.
    if (options.signal?.aborted) throw error;
    toast(Msg.submitFailed, options);
    throw new NetworkError(Msg.submitFailed, { cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = readAnswer(body, response.status);

  switch (classifyResponse(answer.code)) {
    case 'ok':
      // The server serialises `data` through the contract's schema; parsing it again here would
      // only cost time on every call.
      return answer.data as EndpointData<E>;
    case 'login':
      if (!options.noLoginRedirect) handOffToLogin();
      break;
    case 'toast':
      toast(answer.message, options);
      break;
    case 'silent':
      break;
  }
  throw new ApiError(answer.code, answer.message);
}
