export declare const HEAP_PAD_ENV: { MALLOC_TOP_PAD_: string };
