import { ImageMsg, IMAGE_MAX_BYTES, type ImagePurpose } from '@sq/contract/images/image-rules';
import { uploadImageCall } from '@sq/contract/images/calls';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { Msg } from '@sq/contract/messages';
import { API_BASE } from './api-base';
import { classifyResponse, readAnswer } from './api-decisions';
import { ApiError, NetworkError } from './api-error';
import { buildRequest } from './api-request';
import { handOffToLogin } from './login-handoff';
import { getNativeToken } from './native-bridge';
import { storage, StorageKey } from './storage';

/**
 * Uploads one photo with its progress (0–1). XMLHttpRequest, not callApi's fetch: fetch cannot
 * report an upload's progress, and a 5 MB photo on a weak signal takes long enough to need it.
 * Rejects with the server's Chinese message (ApiError) for the page to show beside that photo.
 */
export function uploadImage(
  poiId: string,
  file: File,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
  purpose: ImagePurpose = 'board',
): Promise<StoredImage> {
  // Said at once, without sending megabytes the server would refuse.
  if (file.size > IMAGE_MAX_BYTES) return Promise.reject(new ApiError(400, ImageMsg.tooLarge));
  if (file.type && !file.type.startsWith('image/')) return Promise.reject(new ApiError(400, ImageMsg.notImage));
  const token = getNativeToken() ?? storage.get(StorageKey.token);
  const { url, init } = buildRequest(uploadImageCall, { poiId, purpose }, token, API_BASE, file);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(init.headers as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new NetworkError(Msg.submitFailed));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML page: readAnswer makes it a failure with the status's message.
      }
      const answer = readAnswer(body, xhr.status);
      const outcome = classifyResponse(answer.code);
      if (outcome === 'ok') return resolve(answer.data as StoredImage);
      if (outcome === 'login') handOffToLogin();
      reject(new ApiError(answer.code, answer.message));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
