import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5179);
// Chromium's headless shell where it is installed (Debian's chromium-headless-shell), the full
// browser otherwise: the shell has no GPU process or browser UI and ran the suite about a fifth faster
// on two cores (docs/decisions/053-browser-tests-on-the-headless-shell.md).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * The specs that sign in as the demo's people or read and change the demo's own deals (maya's Habit
 * tracker is paid in payments.spec, and one-voice.spec reads it awaiting payment). They run one file
 * at a time, in their order, in one worker; every other spec makes its own people and projects, with
 * names of its run alone, and runs beside them (decision 074).
 */
const DEMO_DATA_SPECS = [
  'browse.spec.ts',
  'first-meeting.spec.ts',
  'one-voice.spec.ts',
  'payments.spec.ts',
  'people.spec.ts',
  'projects.spec.ts',
  'repositories.spec.ts',
  'trust.spec.ts',
];
const browser = { ...devices['Desktop Chrome'] };

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  // Two at once: one browser and its tests leave about a quarter of two cores idle, waiting on the
  // server and the database (decision 074).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e-results.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps a trace of its DOM at every step, without the screencast: recording the
    // screen of every test, passing or not, was a third of the browser's work (decision 078).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'demo-data', testMatch: DEMO_DATA_SPECS, workers: 1, use: browser },
    { name: 'own-data', testIgnore: DEMO_DATA_SPECS, use: browser },
  ],
  webServer: {
    command: 'npm run build && tsx test/e2e/server.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
