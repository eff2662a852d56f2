/** Every error code an answer can carry (the API document lists them from here). A leaf module. */
export const API_ERROR_CODES = [
  'validation',
  'not_found',
  'conflict',
  'too_large',
  'locked',
  'internal',
  // The database cannot be reached for now (503; issue 19).
  'unavailable',
  // Access (issue 7): no or expired session, a cross-site request, too many sign-in failures.
  'unauthorized',
  'forbidden',
  'rate_limited',
  // Month closing (issue 14): a write that would change a closed month.
  'period_locked',
  // The server's disk is full (507), read-only or not its to write (503): nothing stored (ADR 040).
  'storage',
  // An accounting file (FEC) that cannot be read: the message names the line and the field (issue 27).
  'invalid_file',
  // Sign-off (issue 30): a forecast write on a validated budget (409).
  'budget_validated',
  // A temporary password: every request but its change is refused until it is changed (ADR 051).
  'password_change_required',
  // Driver lines (issue 28): a write to a computed cell (409, docs/product.md#driver-lines).
  'driver_line',
] as const;
