// The SQLite reader threads (apps/server/src/db/sqlite-readers.ts) allocate and free megabytes per
// report statement. glibc hands a thread's freed memory straight back to the system, and the next
// statement faults it in again: a distinct count measured 61 ms on a reader against 39 ms on the
// main thread. An 8 MB pad kept at the top of each heap removes the difference (4 MB did too).
// glibc reads it at process start, so it goes into the environment of the server's process
// (scripts/start.mjs, and the benchmarks that start or are the server); a value already set is kept.
export const HEAP_PAD_ENV = { MALLOC_TOP_PAD_: String(8 * 1024 * 1024) };
