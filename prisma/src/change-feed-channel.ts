/** The channel the database triggers of migration 20261129100000_change_feed notify on: `Table:key`. */
export const CHANGE_CHANNEL = 'pp_changes';
/** The payload that tells every instance to forget everything it holds (a snapshot's reset sends it). */
export const RESET_ALL = '*:reset';
