/** Time of the user's last action in this tab (clicks, keys, navigation), for logout and idle. */
let last = Date.now();

export function lastActivity(): number {
  return last;
}

export function markActivity(at: number = Date.now()) {
  last = at;
}
