export declare function webBuildIsFresh(): boolean;
export declare function ensureWebBuild(): void;
