import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positiveMoneySchema, safeText } from '@console/contract';
import { z } from 'zod';
import i18n, { loadAllNamespaces } from '../../locales';
import { zodIssueText } from './zod-rule';

const firstIssue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!;

describe('zodIssueText', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  afterAll(() => i18n.changeLanguage('zh-cn'));

  it('names the largest amount that can be stored, in both languages', async () => {
    const issue = firstIssue(positiveMoneySchema, '922337203685477.5808');
    await i18n.changeLanguage('zh-cn');
    expect(zodIssueText(issue)).toBe('金额不能超过 922337203685477.5807');
    await i18n.changeLanguage('en');
    expect(zodIssueText(issue)).toBe('Enter an amount of at most 922337203685477.5807');
  });

  it('says why an account with an invisible character is refused, in both languages', async () => {
    const issue = firstIssue(safeText(z.string(), 'identity'), 'lucky\u200b00886');
    await i18n.changeLanguage('en');
    expect(zodIssueText(issue, 'Account')).toMatch(/^Account: must not contain invisible characters/);
    await i18n.changeLanguage('zh-cn');
    expect(zodIssueText(issue, '账号')).toMatch(/^账号：不能包含不可见字符/);
  });
});
