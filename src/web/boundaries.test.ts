// @vitest-environment node
/**
 * The import rules of eslint.config.js, shown failing: a feature importing another feature or the
 * app shell, shared code importing a feature, a concern of a feature importing a sibling concern
 * or its feature's root files, an import cycle, an answer typed by a shape written at its call;
 * and passing on legal code.
 * Runs ESLint's Node API on snippets placed (virtually) at real paths of the tree, so the imports
 * resolve to the real modules.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repo root: this file sits in src/web/.
const root = `${import.meta.dirname}/../..`;
const eslint = new ESLint({ cwd: root });

// The first lint loads the config, the TypeScript parser and the resolver: seconds on a busy
// machine, so it runs here, outside the tests' own time limit.
beforeAll(() => eslint.lintText('', { filePath: `${root}/src/web/lib/warm-up.ts` }), 60_000);

/** The ids of the import rules `code` breaks when it sits at `file` (a path from the repo root). */
async function importRulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${file}` });
  // A snippet that does not parse reports no rule id: kept, so it fails the test instead of passing.
  return (result?.messages ?? [])
    .map((m) => m.ruleId ?? `parse error: ${m.message}`)
    .filter((id) => !id.startsWith('@typescript-eslint/'));
}

/** The import rules a module made of these `imports` (and using them) breaks at `file`. */
function importsBroken(file: string, imports: string): Promise<string[]> {
  return importRulesBroken(file, `${imports}\nexport const used = 1;\n`);
}

// Generous limits: each lint parses the imported modules too, slow when the machine is busy.
describe('feature boundaries (import-x/no-restricted-paths)', { timeout: 30_000 }, () => {
  it.each([
    [
      'a feature importing another feature',
      'src/web/features/budget/components/x.tsx',
      "import { BackupCard } from '../../files/components/backup-card';",
    ],
    [
      "a feature importing another feature's types",
      'src/web/features/files/api/x.ts',
      "import type { DashboardFilterProps } from '../../dashboard/components/dashboard-tab';",
    ],
    [
      'a feature importing the app shell',
      'src/web/features/auth/components/x.tsx',
      "import { AppHeader } from '../../../app/shell/app-header';",
    ],
    [
      'shared code importing a feature',
      'src/web/lib/x.ts',
      "import { useDashboard } from '../features/dashboard/api/get-dashboard';",
    ],
    [
      'a feature importing another feature through the @/ alias',
      'src/web/features/budget/components/x.tsx',
      "import { BackupCard } from '@/web/features/files/components/backup-card';",
    ],
    [
      'a feature importing the app shell through the @/ alias',
      'src/web/features/auth/components/x.tsx',
      "import { AppHeader } from '@/web/app/shell/app-header';",
    ],
    // Inside a feature cut by concern (ADR 043), imports flow floor by floor.
    [
      'a concern importing a sibling concern',
      'src/web/features/budget/history/components/x.tsx',
      "import { PresenceBadges } from '../../live/components/presence-badges';",
    ],
    [
      'a concern importing a concern on a higher floor',
      'src/web/features/budget/live/components/x.tsx',
      "import { ClientCard } from '../../clients/components/client-card';",
    ],
    [
      "a concern importing the feature's root files",
      'src/web/features/budget/grid/components/x.tsx',
      "import { BudgetEditor } from '../../budget-editor';",
    ],
    [
      'a concern importing a sibling through the @/ alias',
      'src/web/features/budget/clients/components/x.tsx',
      "import { BudgetGrid } from '@/web/features/budget/grid/components/budget-grid';",
    ],
    [
      "the feature's core importing a concern",
      'src/web/features/budget/api/x.ts',
      "import { useHistoryEntries } from '../history/api/get-history';",
    ],
    [
      'the save queue importing the budget cache',
      'src/web/features/budget/saving/api/x.ts',
      "import { useClientBudget } from '../../api/client-budget';",
    ],
  ])('rejects %s', async (_name, file, code) => {
    expect(await importsBroken(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['its own feature', 'src/web/features/budget/components/x.tsx', "import { budgetKeys } from '../api/budget-keys';"],
    [
      'shared UI, hooks and lib',
      'src/web/features/dashboard/components/x.tsx',
      "import { Button } from '../../../components/ui/button';\nimport { useClientSelection } from '../../../hooks/use-client-selection';\nimport { signClass } from '../../../lib/format';",
    ],
    [
      'the app composing features',
      'src/web/app/routes/x.tsx',
      "import { BackupCard } from '../../features/files/components/backup-card';",
    ],
    [
      'shared code through the @/ alias',
      'src/web/features/dashboard/components/x.tsx',
      "import { Button } from '@/web/components/ui/button';",
    ],
    [
      'its core and the concerns on lower floors, from a concern of the budget feature',
      'src/web/features/budget/grid/components/x.tsx',
      "import { useWriteCells } from '../../api/client-budget';\nimport { useCellSaveState } from '../../saving/api/save-cells';\nimport { HistoryList } from '../../history/components/history-list';",
    ],
    [
      "the budget feature's lib, from its save queue",
      'src/web/features/budget/saving/api/x.ts',
      "import { FAILURE } from '../../lib/failure-messages';",
    ],
    [
      "its concerns, from the budget feature's root",
      'src/web/features/budget/x.tsx',
      "import { BudgetGrid } from './grid/components/budget-grid';\nimport { ClientCard } from './clients/components/client-card';",
    ],
  ])('accepts a feature or the app importing %s', async (_name, file, code) => {
    expect(await importsBroken(file, code)).toEqual([]);
  });
});

describe('no import cycle (import-x/no-cycle)', { timeout: 30_000 }, () => {
  // The loop this rule removed: the 404 page took `Link` from the router, which imports the page.
  const notFound = 'src/web/app/routes/not-found.tsx';

  it('rejects two modules importing each other', async () => {
    expect(
      await importRulesBroken(notFound, "import { Link } from '../router';\nexport const used = Link;\n"),
    ).toContain('import-x/no-cycle');
  });

  it('accepts the same import from a module outside the loop', async () => {
    expect(
      await importRulesBroken(notFound, "import { Link } from '../navigation';\nexport const used = Link;\n"),
    ).toEqual([]);
  });
});

describe('answers typed by their domain schema (no-restricted-syntax, ADR 045)', { timeout: 30_000 }, () => {
  const file = 'src/web/features/budget/api/x.ts';
  const call = (typeArgument: string) =>
    `import { api } from '@/web/lib/api-client';\nexport const used = () => api.patch<${typeArgument}>('/api/cells', []);\n`;

  it.each([
    ['an object shape', '{ updated: number; historyId: number | null }'],
    ['an object shape or nothing', '{ updated: number } | undefined'],
    ['a list of object shapes', '{ id: string }[]'],
  ])('rejects an answer typed by %s written at the call', async (_name, typeArgument) => {
    expect(await importRulesBroken(file, call(typeArgument))).toContain('no-restricted-syntax');
  });

  it('accepts the answer schema’s type', async () => {
    expect(
      await importRulesBroken(
        file,
        `import type { CellsAnswer } from '@/domain/answers';\n${call('CellsAnswer | undefined')}`,
      ),
    ).toEqual([]);
  });
});
