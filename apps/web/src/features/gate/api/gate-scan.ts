import { gateScanCall } from '@sq/contract/pass/gate-scan';
import { callApi } from '../../../lib/api-client';

/** One check of the rush-hour scanner; silent: the page shows the refusal as the verdict. */
export function checkAtGate(poiId: string, code: string, pass: 1 | 2) {
  return callApi(gateScanCall, { poiId, code, pass }, { silent: true });
}
