import { describe, expect, it } from 'vitest';
import { GLOSSARY } from './glossary';

type Texts = Record<string, string>;

/** Every locale file of a language, by namespace, as flat key → text. */
function load(language: 'zh-cn' | 'en'): Map<string, Texts> {
  const files = language === 'en' ? import.meta.glob<{ default: object }>('./en/*.json', { eager: true }) : import.meta.glob<{ default: object }>('./zh-cn/*.json', { eager: true });
  const out = new Map<string, Texts>();
  for (const [path, mod] of Object.entries(files)) {
    const ns = path.replace(/^.*\/(.+)\.json$/, '$1');
    const flat: Texts = {};
    const walk = (node: object, prefix: string) => {
      for (const [k, v] of Object.entries(node)) {
        if (v && typeof v === 'object') walk(v as object, `${prefix}${k}.`);
        else if (typeof v === 'string') flat[`${prefix}${k}`] = v;
      }
    };
    walk(mod.default, '');
    out.set(ns, flat);
  }
  return out;
}

const zh = load('zh-cn');
const en = load('en');
const word = (term: string) => new RegExp(`\\b${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');

describe('glossary (locales/glossary.ts)', () => {
  it('reads every locale file of both languages', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const ns of ['game', 'player', 'bill', 'route', 'auth', 'agent']) expect(zh.has(ns)).toBe(true);
  });

  for (const term of GLOSSARY) {
    it(`${term.zh} is "${term.en}" in English wherever the Chinese says it`, () => {
      const wrong: string[] = [];
      for (const [ns, texts] of zh) {
        for (const [key, text] of Object.entries(texts)) {
          if (!text.includes(term.zh)) continue;
          const english = en.get(ns)?.[key] ?? '';
          if (!english.toLowerCase().includes(term.en.toLowerCase())) wrong.push(`${ns}:${key}: "${text}" → "${english}"`);
        }
      }
      expect(wrong).toEqual([]);
    });

    if (term.forbiddenZh?.length || term.forbiddenEn?.length) {
      it(`no variant of ${term.zh} / "${term.en}" appears`, () => {
        const found: string[] = [];
        for (const [ns, texts] of zh) for (const [key, text] of Object.entries(texts)) for (const v of term.forbiddenZh ?? []) if (text.includes(v)) found.push(`zh-cn ${ns}:${key}: ${v}`);
        for (const [ns, texts] of en) for (const [key, text] of Object.entries(texts)) for (const v of term.forbiddenEn ?? []) if (word(v).test(text)) found.push(`en ${ns}:${key}: ${v}`);
        expect(found).toEqual([]);
      });
    }
  }
});
