import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries what the server refused as a client error', () => {
    expect(shouldRetry(0, new ApiError(400, '请求参数不正确'))).toBe(false);
    expect(shouldRetry(0, new ApiError(424, '登录已失效，请重新登录'))).toBe(false);
  });

  it('retries network trouble and server errors, twice at most', () => {
    expect(shouldRetry(0, new NetworkError('提交失败'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, '服务暂不可用'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, '服务器开小差了'))).toBe(false);
  });
});
