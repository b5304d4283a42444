// /pcheck?poiId=…&state=1|2: the pass opened from the gate's QR code; keep this chunk small.
export { PassPage as Component } from '../../features/pass/pages/pass-page';
