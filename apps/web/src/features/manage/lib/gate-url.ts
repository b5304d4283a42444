import { WebRoute } from '@sq/contract/routes';

/** Gate directions of the pass page's `state` (DESIGN §6): 1 entry 进门, 2 exit 出门. */
export type GateDirection = 1 | 2;

export const GATE_LABEL: Record<GateDirection, { short: string; action: string; file: string }> = {
  1: { short: '进门', action: '扫码进门', file: '进门二维码' },
  2: { short: '出门', action: '扫码出门', file: '出门二维码' },
};

/** What a gate QR code encodes: the pass page of this community in one direction. */
export function gateUrl(origin: string, poiId: string, direction: GateDirection): string {
  const params = new URLSearchParams({ poiId, state: String(direction) });
  return `${origin.replace(/\/$/, '')}${WebRoute.pass}?${params.toString()}`;
}

/** A file name that every phone's file manager accepts: no slashes or other reserved signs. */
export function posterFileName(community: string, direction: GateDirection): string {
  const safe = community.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 40) || '小区';
  return `${safe}-${GATE_LABEL[direction].file}.png`;
}
