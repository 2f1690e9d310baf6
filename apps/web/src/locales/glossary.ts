/**
 * The console's glossary: one English term for each Chinese term, and the variants that must not
 * appear. glossary.test.ts checks every locale file against it: where a Chinese text holds a term,
 * the English text of the same key holds its English term, and no forbidden variant appears in
 * any text of its language.
 *
 * The contract's report titles, column headers and permission names and the server's messages
 * use the same terms (locales/report-titles.test.ts ties the report titles to the route titles).
 */
export interface GlossaryTerm {
  zh: string;
  /** The English term, matched without regard to case ("Authenticator" and "authenticator"). */
  en: string;
  /** Variants that must appear in no Chinese text. */
  forbiddenZh?: readonly string[];
  /** Variants that must appear in no English text, as whole words, without regard to case. */
  forbiddenEn?: readonly string[];
  /** Why, for the next one who wonders. */
  note: string;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    zh: '身份验证器',
    en: 'authenticator',
    forbiddenZh: ['谷歌验证器', '谷歌验证码'],
    note: 'The second factor is any TOTP app (Google Authenticator, Microsoft Authenticator…), not a Google product.',
  },
  {
    zh: '仪表盘',
    en: 'Dashboard',
    note: 'The first screen (permission 1) is 仪表盘 in the menu, the tabs and the permission tree alike; 首页 is only the "home" link.',
  },
  {
    zh: '厂商',
    en: 'provider',
    note: 'A game provider (docs/product.md, "The catalogue"); "platform" is the house itself, as in 平台输赢 "platform win/loss".',
  },
  {
    zh: '总台',
    en: 'house default',
    forbiddenEn: ['dealer'],
    note: 'The house-wide default of a game; "dealer" is a croupier in gaming.',
  },
  {
    zh: '代理 API',
    en: 'agent API',
    forbiddenZh: ['代理API', '代理接口'],
    note: 'The API agents\' own systems call with an agent key (POST /v1/api/…, docs/product.md, "The agent API"): a ledger entry\'s source, a key\'s use and the log\'s api/… actions name it alike; not the agent back office, which is the console.',
  },
];
