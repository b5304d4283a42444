import { newDeviceKeyPair, type DeviceKey } from '@sq/contract/pass/signed-code';
import type { TestApp } from './test-app';

/**
 * A phone's own signing key for a resident's pass, as the pass page makes and registers it:
 * the key pair made here, the public half sent, the private half kept (the returned DeviceKey).
 */
export async function residentPhoneKey(t: TestApp, token: string, poiId: string): Promise<DeviceKey> {
  const pair = newDeviceKeyPair();
  const mine = await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${poiId}&pass=1`, headers: { token } });
  const id = mine.json().data.userCard.codeKey.id as string;
  const res = await t.app.inject({ method: 'POST', url: '/v1/userCard/passKey', headers: { token }, payload: { poiId, publicKey: pair.publicKey } });
  if (res.statusCode !== 200) throw new Error(`pass key not registered: ${res.body}`);
  return { id, kid: res.json().data.kid as number, privateKey: pair.privateKey };
}

/** The same for an invited visitor's phone, by the link's token. */
export async function visitorPhoneKey(t: TestApp, linkToken: string): Promise<DeviceKey> {
  const pair = newDeviceKeyPair();
  const pass = await t.app.inject({ method: 'GET', url: `/v1/visits/pass?t=${encodeURIComponent(linkToken)}&pass=1` });
  const id = pass.json().data.userCard.codeKey.id as string;
  const res = await t.app.inject({ method: 'POST', url: '/v1/visits/passKey', payload: { t: linkToken, publicKey: pair.publicKey } });
  if (res.statusCode !== 200) throw new Error(`visitor key not registered: ${res.body}`);
  return { id, kid: res.json().data.kid as number, privateKey: pair.privateKey };
}
