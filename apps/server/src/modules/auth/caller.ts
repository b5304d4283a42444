/** Who is calling: resolved from the session token, passed explicitly into services. */
export interface Caller {
  userId: string;
  openId: string;
  sessionId: string;
  token: string;
}
