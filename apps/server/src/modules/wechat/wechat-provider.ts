/**
 * WeChat web authorisation (公众号网页授权), behind a base URL so tests talk to a local fake.
 * https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html
 */
export interface WechatProvider {
  /** The page WeChat shows (or skips, for snsapi_base) before calling us back with `code`. */
  authorizeUrl(args: { redirectUri: string; scope: 'snsapi_base' | 'snsapi_userinfo'; state: string }): string;
  /** `code` from the callback → the person's openid for this official account. */
  exchange(code: string): Promise<{ openid: string; accessToken: string }>;
  /** The nickname (snsapi_userinfo only). */
  nickname(accessToken: string, openid: string): Promise<string>;
}

/** WeChat answered with an errcode, or not at all: the person is told to try again. */
export class WechatError extends Error {
  constructor(readonly errcode: number | null) {
    // The code only: WeChat's errmsg can echo the request, which holds the app secret.
    super(`WeChat refused (errcode ${errcode ?? 'none'})`);
  }
}

const TIMEOUT_MS = 5000;

export function wechatProvider(opts: { appId: string; appSecret: string; apiBase: string; openBase: string }): WechatProvider {
  async function call(path: string, params: Record<string, string>) {
    const url = new URL(path, opts.apiBase);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let answer: Record<string, unknown>;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      answer = (await res.json()) as Record<string, unknown>;
    } catch {
      throw new WechatError(null);
    }
    if (typeof answer.errcode === 'number' && answer.errcode !== 0) throw new WechatError(answer.errcode);
    return answer;
  }

  return {
    authorizeUrl({ redirectUri, scope, state }) {
      const url = new URL('/connect/oauth2/authorize', opts.openBase);
      url.searchParams.set('appid', opts.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', scope);
      url.searchParams.set('state', state);
      // WeChat requires the fragment; its parameters must come in this order.
      return `${url.toString()}#wechat_redirect`;
    },
    async exchange(code) {
      const answer = await call('/sns/oauth2/access_token', { appid: opts.appId, secret: opts.appSecret, code, grant_type: 'authorization_code' });
      if (typeof answer.openid !== 'string' || typeof answer.access_token !== 'string') throw new WechatError(null);
      return { openid: answer.openid, accessToken: answer.access_token };
    },
    async nickname(accessToken, openid) {
      const answer = await call('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
      return typeof answer.nickname === 'string' ? answer.nickname : '';
    },
  };
}
