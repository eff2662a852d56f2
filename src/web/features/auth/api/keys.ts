/** Query keys of the auth feature (one factory, STYLE.md). */
export const authKeys = {
  session: ['auth', 'session'] as const,
};
