import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

export const FAKE_S3 = { bucket: 'sq-photos', region: 'cn-north-1', accessKeyId: 'AKIDFAKES3TEST', secretAccessKey: 'fake-secret-not-a-real-key' } as const;

/** `AWS4-HMAC-SHA256 Credential=<key id>/<yyyymmdd>/<region>/s3/aws4_request, SignedHeaders=<…>, Signature=<64 hex>` */
const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=[0-9a-f]{64}$/;

/**
 * A local stand-in for an S3-compatible store, path-style (`/<bucket>/<key>`): PUT, GET and DELETE
 * of objects kept in memory. Refuses (403, as S3 does) a request without a SigV4 Authorization of
 * the right shape for our key id and region, whose signed payload hash is not its body's, or whose
 * signature is not the one the secret gives for the signed headers (recomputed with aws4fetch's
 * signer: this checks the key and what was signed, not SigV4 itself). Can fail with 500s.
 */
async function signatureOf(req: http.IncomingMessage, signed: string[]): Promise<string> {
  const headers = Object.fromEntries(signed.filter((h) => h !== 'host').map((h) => [h, String(req.headers[h] ?? '')]));
  const signer = new AwsV4Signer({ method: req.method, url: `http://${req.headers.host}${req.url}`, headers, accessKeyId: FAKE_S3.accessKeyId, secretAccessKey: FAKE_S3.secretAccessKey, region: FAKE_S3.region, service: 's3', datetime: String(req.headers['x-amz-date']) });
  return (await signer.authHeader()).split('Signature=')[1]!;
}

export async function startFakeS3() {
  const state = {
    objects: new Map<string, { body: Buffer; type: string }>(),
    requests: [] as { method: string; key: string }[],
    refused: 0,
    /** Answer 500 to every request while set (aws4fetch retries a 5xx: it keeps failing). */
    failing: false,
    /** Answer 500 to the PUTs of the keys this matches. */
    failPut: null as RegExp | null,
    /** Hold the PUTs of the keys this matches this long before storing and answering. */
    slowPut: null as { key: RegExp; ms: number } | null,
    /** Requests received and not yet answered. */
    inFlight: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    state.inFlight++;
    res.on('close', () => state.inFlight--);
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const [, bucket, ...rest] = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).split('/');
      const key = rest.join('/');
      const auth = AUTHORIZATION.exec(req.headers.authorization ?? '');
      const signed = auth?.[4]!.split(';') ?? [];
      const valid =
        auth &&
        auth[1] === FAKE_S3.accessKeyId &&
        auth[3] === FAKE_S3.region &&
        ['host', 'x-amz-date', 'x-amz-content-sha256'].every((h) => signed.includes(h)) &&
        req.headers['x-amz-date']?.toString().startsWith(auth[2]!) &&
        req.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex') &&
        req.headers.authorization!.endsWith(`Signature=${await signatureOf(req, signed)}`);
      const answer = (status: number, payload: Buffer | string = '', type = 'application/xml') => {
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(payload) });
        res.end(payload);
      };
      if (!valid) {
        state.refused++;
        return answer(403, '<Error><Code>AccessDenied</Code></Error>');
      }
      if (bucket !== FAKE_S3.bucket) return answer(404, '<Error><Code>NoSuchBucket</Code></Error>');
      state.requests.push({ method: req.method ?? '', key });
      if (req.method === 'PUT' && state.slowPut?.key.test(key)) await new Promise((r) => setTimeout(r, state.slowPut!.ms));
      if (state.failing || (req.method === 'PUT' && state.failPut?.test(key))) return answer(500, '<Error><Code>InternalError</Code></Error>');
      switch (req.method) {
        case 'PUT':
          state.objects.set(key, { body, type: req.headers['content-type'] ?? 'application/octet-stream' });
          return answer(200);
        case 'GET': {
          const found = state.objects.get(key);
          return found ? answer(200, found.body, found.type) : answer(404, '<Error><Code>NoSuchKey</Code></Error>');
        }
        case 'DELETE':
          state.objects.delete(key);
          return answer(204);
        default:
          return answer(405);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    /** Resolves once every request received so far has been answered. */
    async settled() {
      while (state.inFlight > 0) await new Promise((r) => setTimeout(r, 20));
    },
    /** The settings an app uses to keep its photos here. */
    env: { IMAGE_STORE: 's3', S3_ENDPOINT: url, S3_BUCKET: FAKE_S3.bucket, S3_REGION: FAKE_S3.region, S3_ACCESS_KEY_ID: FAKE_S3.accessKeyId, S3_SECRET_ACCESS_KEY: FAKE_S3.secretAccessKey },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
