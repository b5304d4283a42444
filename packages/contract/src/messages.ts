/** Chinese messages that more than one domain shows. Domain-specific ones live with their contract. */
export const Msg = {
  badRequest: '请求参数不正确',
  badJson: '请求内容格式不正确',
  /** A JSON body nested deeper than any real form (arrays in arrays …). */
  jsonTooDeep: '请求内容层级过深',
  /** A NUL or other C0 control character (tab, line feed and carriage return are text). */
  controlCharacter: '内容包含无法识别的控制字符，请删除后重试',
  unsupportedMediaType: '不支持的请求格式',
  payloadTooLarge: '提交的内容过大',
  notFound: '请求的资源不存在',
  forbidden: '无权进行此操作',
  notLoggedIn: '请先登录',
  sessionInvalid: '登录已失效，请重新登录',
  tooManyRequests: '操作过于频繁，请稍后再试',
  internal: '服务器开小差了，请稍后再试',
  unavailable: '服务暂不可用，请稍后再试',
  /** The database is away for a moment (restart, failover): nothing was written, asking again is safe. */
  busy: '服务繁忙，请稍后重试',
  submitFailed: '提交失败',
} as const;
