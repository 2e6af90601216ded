/**
 * The inert JSON element in which the server lists a prerendered page's code (its chunks' addresses,
 * each after the chunks it imports), for the page's entry (web/src/boot/paint-first.ts) to evaluate one
 * chunk per task once the page has painted. A module of its own: the entry imports only this, not
 * the modules the app's start shares (which would load before the first paint).
 */
export const PAGE_CHUNKS_ELEMENT_ID = 'pp-chunks';
