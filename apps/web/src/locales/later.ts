type Messages = Record<string, unknown>;

/**
 * The namespaces that do not come with the entry (see ./index.ts), of every language, in one
 * chunk: loaded once, after login, before the first screen that needs them renders.
 */
export const laterFiles = import.meta.glob<Messages>(['./*/*.json', '!./*/{common,auth,route}.json'], { eager: true, import: 'default' });
