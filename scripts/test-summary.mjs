// Reads the JSON reports of `npm test` and prints one line per suite, then the closing line
// `tests: N passed, N failed` that CI reads.
import fs from 'node:fs';

const suites = [
  ['domaine + web', 'test-results/unit.json', 'vitest'],
  ['API sur PGlite (embarqué)', 'test-results/api-pglite.json', 'vitest'],
  ['API sur PostgreSQL 15', 'test-results/api-postgres.json', 'vitest'],
  ['navigateur (Chromium)', 'test-results/e2e.json', 'playwright'],
];

let passed = 0;
let failed = 0;
console.log('\n=== Résumé');
for (const [label, file, kind] of suites) {
  if (!fs.existsSync(file)) {
    console.log(`${label} : NON EXÉCUTÉ (${file} absent)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let p;
  let f;
  let s;
  if (kind === 'vitest') {
    p = report.numPassedTests;
    f = report.numFailedTests + report.numFailedTestSuites;
    s = report.numPendingTests + report.numTodoTests;
  } else {
    p = report.stats.expected;
    f = report.stats.unexpected + report.stats.flaky;
    s = report.stats.skipped;
  }
  if (p === 0) f += 1; // a suite that ran no test is a failure, not a pass
  console.log(`${label} : ${p} réussis, ${f} en échec${s ? `, ${s} ignorés` : ''}`);
  passed += p;
  failed += f;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
