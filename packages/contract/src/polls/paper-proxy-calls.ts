import { callOf } from '../endpoint';
import type { enterPaperBallot, getBallotDesk, myProxies, nameProxy, recordWrittenProxy, voidPaperBallot, withdrawProxy, withdrawWrittenProxy } from './paper-proxy';

/** Paper ballots and proxies' calls, free of zod like calls.ts (the poll page imports nameProxyCall). */
export const enterPaperBallotCall = callOf<typeof enterPaperBallot>('POST', '/v1/polls/:id/paper');
export const nameProxyCall = callOf<typeof nameProxy>('POST', '/v1/polls/:id/proxy');
export const recordWrittenProxyCall = callOf<typeof recordWrittenProxy>('POST', '/v1/polls/:id/proxy/written');
export const getBallotDeskCall = callOf<typeof getBallotDesk>('GET', '/v1/polls/:id/desk');
export const voidPaperBallotCall = callOf<typeof voidPaperBallot>('POST', '/v1/polls/:id/paper/void');
export const withdrawProxyCall = callOf<typeof withdrawProxy>('POST', '/v1/polls/:id/proxy/withdraw');
export const withdrawWrittenProxyCall = callOf<typeof withdrawWrittenProxy>('POST', '/v1/polls/:id/proxy/written/withdraw');
export const myProxiesCall = callOf<typeof myProxies>('GET', '/v1/polls/:id/proxy');
/** What a voided paper ballot is called wherever it is listed (desk, workbook, the owner's notice). */
export const VOIDED = '已作废';
/** What a written authorisation withdrawn by staff is called on the desk and in the owner's notice. */
export const WITHDRAWN = '已撤销';
