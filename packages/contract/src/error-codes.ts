/**
 * Error codes of the API envelope (docs/product.md, "Envelope and errors"). 0, B0001 and A0230 are fixed; the rest follow the same
 * Alibaba-style scheme (A = the caller's fault, B = ours, C = a third party's).
 */
export const ErrorCode = {
  Success: '0',
  SystemError: 'B0001',
  /**
   * A stored secret (an authenticator's, an agent key's) that the server's key-encryption key
   * cannot open: sealed under another key, or damaged. Re-bind the authenticator or rotate the key.
   */
  SecretUnreadable: 'B0002',
  TokenInvalid: 'A0230',
  WrongCredentials: 'A0210',
  AccountDisabled: 'A0211',
  TooManyAttempts: 'A0212',
  VerifyCodeWrong: 'A0240',
  VerifyCodeRequired: 'A0241',
  TotpBindRequired: 'A0242',
  XsrfMismatch: 'A0250',
  NoPermission: 'A0301',
  GrantBeyondOwn: 'A0302',
  InvalidParameter: 'A0400',
  NotFound: 'A0404',
  Duplicate: 'A0409',
  InsufficientBalance: 'A0420',
  BodyTooLarge: 'A0413',
  RateLimited: 'A0429',
  IngestKeyInvalid: 'A0231',
  /** Agent API: an unknown, disabled or expired key, or its agent (or one above it) disabled. */
  ApiKeyInvalid: 'A0232',
  /** Agent API: the signature does not match the request. */
  ApiSignatureInvalid: 'A0233',
  /** Agent API: the timestamp is missing or further than 300 s from the server's clock. */
  ApiTimestampInvalid: 'A0234',
  /** Agent API: the nonce is malformed or was already used with this key in the last 10 minutes. */
  ApiNonceReplayed: 'A0235',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type Lang = 'zh-cn' | 'en';
export const LANGS: readonly Lang[] = ['zh-cn', 'en'];

/** Default texts for each code, per language; a call may send a more specific message. */
export const errorMessages: Record<ErrorCode, Record<Lang, string>> = {
  '0': { 'zh-cn': '', en: '' },
  B0001: { 'zh-cn': '系统出错', en: 'System error' },
  B0002: {
    'zh-cn': '该身份验证器或密钥的密文由另一把加密密钥加密（或已损坏），本服务器无法打开：请重新绑定身份验证器或重新签发密钥',
    en: 'This authenticator or key was sealed with another key-encryption key (or is damaged) and cannot be opened here: re-bind the authenticator or re-issue the key',
  },
  A0230: { 'zh-cn': '您的会话已过期，请重新登录', en: 'Your session has expired, please log in again' },
  A0231: { 'zh-cn': '接入密钥无效或已停用', en: 'The ingest key is invalid or disabled' },
  A0232: { 'zh-cn': '代理密钥无效、已停用或已过期', en: 'The agent key is unknown, disabled or expired, or its agent is disabled' },
  A0233: { 'zh-cn': '签名错误', en: 'The signature does not match the request' },
  A0234: { 'zh-cn': '时间戳缺失或与服务器时间相差超过 300 秒', en: 'The timestamp is missing or more than 300 seconds from the server time' },
  A0235: { 'zh-cn': '随机串格式错误或已使用过', en: 'The nonce is malformed or has already been used' },
  A0210: { 'zh-cn': '账号或密码错误', en: 'Wrong account or password' },
  A0211: { 'zh-cn': '账号已停用', en: 'This account is disabled' },
  A0212: { 'zh-cn': '尝试次数过多，请稍后再试', en: 'Too many attempts, please try again later' },
  A0240: { 'zh-cn': '验证码错误', en: 'The verification code is wrong' },
  A0241: { 'zh-cn': '请输入验证码', en: 'Please enter Verify Code' },
  A0242: { 'zh-cn': '请先绑定身份验证器', en: 'Please bind an authenticator app first' },
  A0250: { 'zh-cn': '安全令牌不匹配，请刷新页面', en: 'Security token mismatch, please reload the page' },
  A0301: { 'zh-cn': '没有权限', en: 'You do not have permission for this' },
  A0302: { 'zh-cn': '不能授予自己没有的权限', en: 'You cannot grant a permission you do not hold' },
  A0400: { 'zh-cn': '参数错误', en: 'Invalid parameter' },
  A0404: { 'zh-cn': '记录不存在', en: 'Record not found' },
  A0409: { 'zh-cn': '记录已存在', en: 'Record already exists' },
  A0420: { 'zh-cn': '余额不足', en: 'Insufficient balance' },
  A0413: { 'zh-cn': '请求内容过大', en: 'The request body is too large' },
  A0429: { 'zh-cn': '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
};
