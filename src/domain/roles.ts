/** The role ladder (docs/product.md#roles, ADR 033). A leaf: the answer schemas and the policy both read it. */
export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
