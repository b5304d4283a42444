import { CODE_UNKNOWN_ADVICE, MSG_CODE_UNKNOWN } from '@sq/contract/pass/get-registration-detail';

/** A refusal as staff read it: the server's 通行码无效 alone leaves them asking what to do next. */
export function refusalText(message: string): string {
  return message === MSG_CODE_UNKNOWN ? `${MSG_CODE_UNKNOWN}，${CODE_UNKNOWN_ADVICE}` : message;
}
