// Reads the JSON reports of `npm test` and prints the name and first error of every failed test,
// and of every test that failed once then passed on its retry (ADR 041), each step's duration
// (test-results/steps.tsv, written by scripts/test-all.sh), one line per suite, then the closing
// line `tests: N passed, N failed` that CI reads. Printed last, so the end of a long log (all a CI
// page may keep) still says which test failed and why, and where the time went.
import fs from 'node:fs';
import path from 'node:path';

const suites = [
  ['domaine + web', 'test-results/unit.json', 'vitest'],
  ['API sur PGlite (embarqué)', 'test-results/api-pglite.json', 'vitest'],
  ['API sur PostgreSQL 15', 'test-results/api-postgres.json', 'vitest'],
  ['navigateur (Chromium)', 'test-results/e2e.json', 'playwright'],
];

// eslint-disable-next-line no-control-regex
const plain = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '');
/** The first lines of an error, and the first line pointing into the project's code. */
function excerpt(message) {
  const lines = plain(message)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const head = lines.filter((l) => !/^\s+at /.test(l)).slice(0, 3);
  const where = lines.find((l) => /^\s+at /.test(l) && !l.includes('node_modules') && !l.includes('node:'));
  return [...head, ...(where ? [where.trim()] : [])].map((l) => `      ${l.slice(0, 300)}`).join('\n');
}
const relative = (file) => path.relative(process.cwd(), file);

/** A vitest report: counts, failed tests, and tests that passed on a retry (their first error kept). */
function readVitest(report) {
  const failed = [];
  const flaky = [];
  for (const file of report.testResults) {
    for (const t of file.assertionResults) {
      const name = `${relative(file.name)} > ${t.fullName}`;
      if (t.status === 'failed') failed.push({ name, message: t.failureMessages[0] });
      else if (t.status === 'passed' && t.failureMessages.length > 0)
        flaky.push({ name, message: t.failureMessages[0] });
    }
    // A file that failed outside any test (a hook, an import): its message.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failed.push({ name: relative(file.name), message: file.message });
    }
  }
  return {
    passed: report.numPassedTests,
    failedCount: report.numFailedTests + report.numFailedTestSuites,
    skipped: report.numPendingTests + report.numTodoTests,
    failed,
    flaky,
  };
}

/** A Playwright report: its tests, in its nested suites. */
function readPlaywright(report) {
  const failed = [];
  const flaky = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `${[...titles, spec.title].join(' › ')} [${t.projectName}]`;
        const error = t.results.find((r) => r.error)?.error;
        const message = error ? `${error.message ?? ''}\n${error.stack ?? ''}` : '';
        if (t.status === 'unexpected') failed.push({ name, message });
        else if (t.status === 'flaky') flaky.push({ name, message });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const e of report.errors ?? []) failed.push({ name: 'hors des tests', message: e.message });
  return {
    passed: report.stats.expected + report.stats.flaky,
    failedCount: report.stats.unexpected,
    skipped: report.stats.skipped,
    failed,
    flaky,
  };
}

/**
 * The steps of test-all.sh: `name<TAB>seconds<TAB>ok|échec<TAB>cpu%` per line; none when run alone.
 * Steps run beside each other say so in their name (and have no cpu%: their group's line has it); a
 * `total` line is the wall time of such a group. cpu% is how busy the machine's cores were.
 */
function readSteps(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [name, seconds, outcome, cpu] = line.split('\t');
      return { name, seconds: Number(seconds), failed: outcome === 'échec', group: outcome === 'total', cpu };
    });
}
/** Whole seconds as `  42 s` or ` 3 min 05 s`, right-aligned so the names line up. */
function duration(seconds) {
  const text =
    seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  return text.padStart(11);
}

/** The cores' busy share during a step, as `  CPU  87 %` (blank when not measured). */
function busy(cpu) {
  return cpu ? `  CPU ${cpu.padStart(3)} %` : '            ';
}

let passed = 0;
let failed = 0;
const lines = [];
const details = [];
for (const [label, file, kind] of suites) {
  if (!fs.existsSync(file)) {
    lines.push(`${label} : NON EXÉCUTÉ (${file} absent)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const r = kind === 'vitest' ? readVitest(report) : readPlaywright(report);
  let f = r.failedCount;
  if (r.passed === 0) f += 1; // a suite that ran no test is a failure, not a pass
  const extra = [
    r.skipped ? `${r.skipped} ignorés` : '',
    r.flaky.length ? `${r.flaky.length} instables (réussis au 2e essai)` : '',
  ]
    .filter(Boolean)
    .join(', ');
  lines.push(`${label} : ${r.passed} réussis, ${f} en échec${extra ? `, ${extra}` : ''}`);
  for (const t of r.failed) details.push(`  ÉCHEC [${label}] ${t.name}\n${excerpt(t.message)}`);
  for (const t of r.flaky)
    details.push(`  INSTABLE [${label}] ${t.name} — réussi au 2e essai, 1er essai :\n${excerpt(t.message)}`);
  passed += r.passed;
  failed += f;
}
if (details.length > 0) {
  console.log('\n=== Tests en échec ou instables');
  console.log(details.join('\n'));
}
const steps = readSteps('test-results/steps.tsv');
if (steps.length > 0) {
  console.log('\n=== Durée des étapes');
  for (const s of steps) console.log(`${duration(s.seconds)}${busy(s.cpu)}  ${s.name}${s.failed ? ' — ÉCHEC' : ''}`);
  // The run's wall time (test-all.sh writes it): steps run beside each other are not summed.
  const total = fs.existsSync('test-results/total-seconds')
    ? Number(fs.readFileSync('test-results/total-seconds', 'utf8'))
    : steps.filter((s) => !s.name.endsWith('(en parallèle)')).reduce((sum, s) => sum + s.seconds, 0);
  const totalCpu = fs.existsSync('test-results/total-cpu')
    ? fs.readFileSync('test-results/total-cpu', 'utf8').trim()
    : undefined;
  console.log(`${duration(total)}${busy(totalCpu)}  total`);
}
console.log('\n=== Résumé');
for (const line of lines) console.log(line);
console.log(`tests: ${passed} passed, ${failed} failed`);
