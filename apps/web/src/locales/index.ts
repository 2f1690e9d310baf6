import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language, useAppStore } from '../stores/app';

type Messages = Record<string, unknown>;

/**
 * What the login screen shows before anything else loads: its own texts, the shared ones and the
 * route titles (the browser title). They come with the entry; the other namespaces come in one
 * chunk, fetched before the first screen that needs them renders (loadAllNamespaces).
 */
export const INITIAL_NAMESPACES = ['common', 'auth', 'route'] as const;

// Every `<lang>/<namespace>.json` is picked up here, so a screen adds its namespace by adding files.
const initialFiles = import.meta.glob<Messages>('./*/{common,auth,route}.json', { eager: true, import: 'default' });
// The others, of every language, come in one chunk (./later.ts); only their names are known here.
const laterNames = Object.keys(import.meta.glob(['./*/*.json', '!./*/{common,auth,route}.json']));

function parse(file: string): [Language, string] | undefined {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) return undefined;
  const [, lang, ns] = match as unknown as [string, Language, string];
  return LANGUAGES.includes(lang) ? [lang, ns] : undefined;
}

const initialResources: Record<Language, Record<string, Messages>> = { 'zh-cn': {}, en: {} };
for (const [file, messages] of Object.entries(initialFiles)) {
  const key = parse(file);
  if (key) initialResources[key[0]][key[1]] = messages;
}

const later = new Set<string>();
for (const file of laterNames) {
  const key = parse(file);
  if (key) later.add(`${key[0]}/${key[1]}`);
}

/** Every namespace, whether bundled with the entry or loaded later. */
export const namespaces = [...new Set([...Object.keys(initialResources['zh-cn']), ...[...later].map((k) => k.split('/')[1]!)])];

const laterNamespaces = namespaces.filter((ns) => !(INITIAL_NAMESPACES as readonly string[]).includes(ns));

/** Hands i18next the namespaces that are not bundled with the entry. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!later.has(`${language}/${namespace}`)) {
      callback(null, {});
      return;
    }
    import('./later').then(
      ({ laterFiles }) => callback(null, laterFiles[`./${language}/${namespace}.json`] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: initialResources,
    // The bundled namespaces are only part of each language; the backend brings the rest.
    partialBundledLanguages: true,
    lng: useAppStore.getState().language,
    fallbackLng: 'zh-cn',
    // i18next would otherwise turn "zh-cn" into "zh-CN" and miss our resources.
    lowerCaseLng: true,
    ns: [...INITIAL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

let allLoaded: Promise<unknown> | undefined;

/**
 * Loads every namespace of the current language (and the fallback), once. Screens other than the
 * login one await it before they render (their route's lazy loader), so no text ever shows as its
 * key and no component suspends on a namespace; a later language switch loads them all for the
 * new language before it takes effect (i18next loads every namespace it has been asked for).
 */
export function loadAllNamespaces(): Promise<unknown> {
  allLoaded ??= i18n.loadNamespaces(laterNamespaces);
  return allLoaded;
}

// The persisted choice drives i18next, so every `setLanguage` call switches the whole UI.
useAppStore.subscribe((state, prev) => {
  if (state.language !== prev.language) void i18n.changeLanguage(state.language);
});

export const currentLanguage = (): Language => useAppStore.getState().language;

export default i18n;
