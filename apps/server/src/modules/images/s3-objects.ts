import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';

/** Bytes kept under a key in an object store: what images/store.ts asks of S3. */
export interface ObjectStore {
  put(key: string, body: Buffer, type: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting an object that is not there succeeds (S3's DeleteObject answers 204 either way). */
  remove(key: string): Promise<void>;
}

/** The store did not answer, or answered an error: nothing can be said about the object. */
export class ObjectStoreUnavailable extends Error {}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key (MinIO, Ceph) rather than bucket.endpoint/key (AWS, Aliyun OSS). */
  pathStyle: boolean;
}

/**
 * A photo is ~150 KB: a store that takes longer than this is not going to answer a phone in time.
 * aws4fetch retries 5xx and 429 answers within it (twice, from 100 ms), not refused connections.
 */
const TIMEOUT_MS = 8000;

/** An object's address: path-style or virtual-hosted (the bucket in the host name). */
export function objectUrl(s: Pick<S3Settings, 'endpoint' | 'bucket' | 'pathStyle'>, key: string): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  if (s.pathStyle) return `${s.endpoint}/${s.bucket}/${path}`;
  const url = new URL(s.endpoint);
  url.hostname = `${s.bucket}.${url.hostname}`;
  return `${url.origin}/${path}`;
}

/**
 * An S3-compatible store (AWS S3, MinIO, Ceph RGW, Aliyun OSS …) signed with SigV4 by aws4fetch.
 * The payload's SHA-256 is signed too (not UNSIGNED-PAYLOAD), so nothing on the way can change a
 * photo. Errors say what failed (method, key, status), never the keys or a signature.
 */
export function s3ObjectStore(s: S3Settings): ObjectStore {
  const client = new AwsClient({ accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, service: 's3', region: s.region, retries: 2, initRetryMs: 100 });
  /** One request and its whole answer: a refused connection, a timeout or a cut answer is "unavailable". */
  const call = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, type?: string): Promise<{ status: number; bytes: Buffer }> => {
    const headers: Record<string, string> = { 'x-amz-content-sha256': createHash('sha256').update(body ?? '').digest('hex') };
    if (type) headers['content-type'] = type;
    try {
      const res = await client.fetch(objectUrl(s, key), { method, headers, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    } catch (e) {
      throw new ObjectStoreUnavailable(`S3 ${method} ${key}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const failed = (method: string, key: string, status: number) => new ObjectStoreUnavailable(`S3 ${method} ${key}: HTTP ${status}`);
  const ok = (status: number) => status >= 200 && status < 300;

  return {
    async put(key, body, type) {
      const { status } = await call('PUT', key, body, type);
      if (!ok(status)) throw failed('PUT', key, status);
    },
    async get(key) {
      const { status, bytes } = await call('GET', key);
      if (status === 404) return null;
      if (!ok(status)) throw failed('GET', key, status);
      return bytes;
    },
    async remove(key) {
      const { status } = await call('DELETE', key);
      if (!ok(status) && status !== 404) throw failed('DELETE', key, status);
    },
  };
}
