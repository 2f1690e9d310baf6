import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text exists in every language: a key present in one language's file and missing in the
 * other's fails here, for every namespace (each `<lang>/<namespace>.json`), whoever owns it.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const languages = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function load(lang: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of fs.readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'))) {
    const json: unknown = JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));
    out.set(file.replace(/\.json$/, ''), new Set(keysOf(json)));
  }
  return out;
}

/** i18next plural forms differ by language (English has _one/_other, Chinese only _other). */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function missingKeys(a: Map<string, Set<string>>, b: Map<string, Set<string>>): string[] {
  const missing: string[] = [];
  for (const [ns, keys] of a) {
    const other = b.get(ns);
    if (!other) {
      missing.push(`${ns} (whole namespace)`);
      continue;
    }
    const otherBases = new Set([...other].map(pluralBase));
    for (const key of keys) if (!other.has(key) && !otherBases.has(pluralBase(key))) missing.push(`${ns}:${key}`);
  }
  return missing;
}

describe('locale key parity', () => {
  it('has both interface languages', () => {
    expect(languages).toEqual(['en', 'zh-cn']);
  });

  const all = new Map(languages.map((l) => [l, load(l)]));
  for (const a of languages) {
    for (const b of languages) {
      if (a === b) continue;
      it(`every ${a} key exists in ${b}`, () => {
        expect(missingKeys(all.get(a)!, all.get(b)!)).toEqual([]);
      });
    }
  }

  it('notices a key missing in one language', () => {
    const zh = new Map([['x', new Set(['a', 'b.c'])]]);
    const en = new Map([['x', new Set(['a'])]]);
    expect(missingKeys(zh, en)).toEqual(['x:b.c']);
    expect(missingKeys(en, zh)).toEqual([]);
    expect(missingKeys(new Map([['y', new Set(['a'])]]), en)).toEqual(['y (whole namespace)']);
  });

  it('has no empty texts', () => {
    for (const lang of languages) {
      for (const file of fs.readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'))) {
        const text = fs.readFileSync(path.join(dir, lang, file), 'utf8');
        expect(text, `${lang}/${file}`).not.toMatch(/:\s*""/);
      }
    }
  });
});
