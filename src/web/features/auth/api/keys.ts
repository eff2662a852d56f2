/** Query keys of the auth feature (one factory per feature: docs/style.md#server-data-in-the-browser). */
export const authKeys = {
  session: ['auth', 'session'] as const,
};
